import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  abnormalReply,
  addressToBytes,
  broadcastTimeRequest,
  changeBaudRequest,
  changePasswordRequest,
  DI,
  dailyFrozenForwardActive,
  decodeFrame,
  decodeStatusWord3,
  detectEdition,
  encodeFrame,
  encodeStatusWord3,
  type Frame,
  findDataItem,
  findDataItem1997,
  fromHex,
  gdw376,
  hex,
  normalReply,
  parseRelayRequest,
  parseReply,
  parseReply1997,
  parseWriteRequest,
  readAddressRequest,
  readFollowRequest,
  readRequest,
  readRequest1997,
  relayRequest,
  writeRequest,
} from '../src/index.js';
import { AUTH } from './auth.js';
import { preambleOf, sharedVectorsText, VECTORS, VECTORS_PATH, type Vector, vectorHex } from './vectors.js';

/**
 * Every vector is decoded, re-encoded byte for byte, rebuilt from our request/reply builders, and its
 * `meaning` checked where it states a value. A vector without a meaning check below fails the suite.
 */
const ADDR = '000102030425';
const ZERO_AUTH = { level: 0, password: '000000', operator: '00000000' };

const at = (iso: string) => new Date(`${iso}Z`);
const bytesOf = (id: string) => fromHex(vectorHex(id));
const frameOf = (id: string) => decodeFrame(bytesOf(id));
/** Our encoding of `f` with the vector's own preamble must be the vector. */
const expectBuilds = (id: string, f: Frame) =>
  expect(hex(encodeFrame(f, { preamble: preambleOf(vectorHex(id)) }))).toBe(vectorHex(id));

function readValue(reqId: string | Frame, rspId: string): unknown {
  const request = typeof reqId === 'string' ? frameOf(reqId) : reqId;
  const reply = parseReply(request, frameOf(rspId));
  if (!reply.ok || reply.di === undefined) throw new Error(`${rspId} is not a normal read reply`);
  const item = findDataItem(reply.di);
  if (!item) throw new Error(`no catalogue item for ${reply.di.toString(16)}`);
  // The catalogue's encoding of the decoded value, wrapped by normalReply, rebuilds the reply.
  const value = item.decode(reply.value);
  expectBuilds(rspId, normalReply(request, item.encode(value as number)));
  return value;
}

const read = (address: string, di: number) => readRequest(address, di);

/** An abnormal reply vector: abnormalReply builds it, and it parses to its error word and names. */
function expectAbnormal(id: string, request: Frame, errorWord: number, errors: string[]) {
  expectBuilds(id, abnormalReply(request, errorWord));
  expect(parseReply(request, frameOf(id))).toEqual({ ok: false, errorWord, errors });
}

const CHECKS_645: Record<string, () => void> = {
  '645-read-address-bcast': () => expectBuilds('645-read-address-bcast', readAddressRequest()),
  '645-read-fwd-total-req': () => expectBuilds('645-read-fwd-total-req', read(ADDR, DI.FORWARD_ACTIVE_TOTAL)),
  '645-read-fwd-total-rsp': () =>
    expect(readValue('645-read-fwd-total-req', '645-read-fwd-total-rsp')).toBe(1206.42),
  '645-read-comb-total-req': () =>
    expectBuilds('645-read-comb-total-req', read('652022122003', DI.COMBINED_ACTIVE_TOTAL)),
  '645-read-comb-total-rsp': () =>
    expect(readValue('645-read-comb-total-req', '645-read-comb-total-rsp')).toBe(0),
  '645-read-volt-block-req': () =>
    expectBuilds('645-read-volt-block-req', read('652022122018', DI.VOLTAGE_BLOCK)),
  '645-read-volt-block-rsp': () => {
    const request = frameOf('645-read-volt-block-req');
    const reply = parseReply(request, frameOf('645-read-volt-block-rsp'));
    if (!reply.ok) throw new Error('abnormal');
    const item = findDataItem(DI.VOLTAGE_BLOCK);
    expect(item?.decode(reply.value)).toEqual({ a: 0, b: 0, c: 239.4 });
    expectBuilds(
      '645-read-volt-block-rsp',
      normalReply(request, item?.encode([0, 0, 239.4]) ?? new Uint8Array()),
    );
  },
  '645-libdlt-read-req': () =>
    expectBuilds('645-libdlt-read-req', read('123456789012', DI.FORWARD_ACTIVE_TOTAL)),
  '645-libdlt-read-rsp': () =>
    expect(readValue('645-libdlt-read-req', '645-libdlt-read-rsp')).toBe(123456.78),
  '645-relay-trip-req': () => {
    const f = relayRequest('111111111111', 'trip', ZERO_AUTH, at('2018-05-12T15:41:24'));
    expectBuilds('645-relay-trip-req', f);
    expect(parseRelayRequest(frameOf('645-relay-trip-req'))).toEqual({
      command: 'trip',
      auth: ZERO_AUTH,
      validUntil: at('2018-05-12T15:41:24'),
    });
  },
  '645-relay-ok-rsp': () => {
    const request = frameOf('645-relay-trip-req');
    expectBuilds('645-relay-ok-rsp', normalReply(request));
    expect(parseReply(request, frameOf('645-relay-ok-rsp'))).toMatchObject({
      ok: true,
      value: new Uint8Array(),
    });
  },
  '645-bcast-time': () => expectBuilds('645-bcast-time', broadcastTimeRequest(at('2017-06-05T10:22:51'))),
  '645-unicast-time': () =>
    expectBuilds('645-unicast-time', broadcastTimeRequest(at('2017-06-05T10:40:25'), '111111111111')),
  '645-read-rsp-7502': () => {
    const request = read('910004920760', DI.COMBINED_ACTIVE_TOTAL);
    expect(frameOf('645-read-rsp-7502').address).toBe('910004920760');
    expect(readValue(request, '645-read-rsp-7502')).toBe(7502.64);
  },
  '645-abnormal-err04': () =>
    expectAbnormal('645-abnormal-err04', read('910004920760', DI.COMBINED_ACTIVE_TOTAL), 0x04, [
      'unauthorised',
    ]),
  '645-abnormal-err02': () =>
    expectAbnormal('645-abnormal-err02', read('123456789012', DI.FORWARD_ACTIVE_TOTAL), 0x02, ['no-data']),
  '645-read-address-rsp': () => {
    expectBuilds('645-read-address-rsp', normalReply(readAddressRequest(), addressToBytes(ADDR)));
    expect(frameOf('645-read-address-rsp').address).toBe(ADDR);
    expect(parseReply(readAddressRequest(), frameOf('645-read-address-rsp')).ok).toBe(true);
  },
  '645-read-volt-a-req': () => expectBuilds('645-read-volt-a-req', read(ADDR, DI.VOLTAGE_A)),
  '645-read-volt-a-rsp': () => expect(readValue('645-read-volt-a-req', '645-read-volt-a-rsp')).toBe(220.1),
  '645-read-curr-a-rsp': () => expect(readValue(read(ADDR, DI.CURRENT_A), '645-read-curr-a-rsp')).toBe(5.123),
  '645-read-power-rsp': () =>
    expect(readValue(read(ADDR, DI.ACTIVE_POWER_TOTAL), '645-read-power-rsp')).toBe(1.1),
  '645-read-date-rsp': () => {
    const request = read(ADDR, DI.DATE);
    const reply = parseReply(request, frameOf('645-read-date-rsp'));
    if (!reply.ok) throw new Error('abnormal');
    expect(findDataItem(DI.DATE)?.decode(reply.value)).toEqual({ date: '2024-03-15', weekday: 5 });
    // The weekday is computed from the date when encoding.
    expectBuilds(
      '645-read-date-rsp',
      normalReply(request, findDataItem(DI.DATE)?.encode(at('2024-03-15T08:00:00'))),
    );
  },
  '645-read-time-rsp': () => expect(readValue(read(ADDR, DI.TIME), '645-read-time-rsp')).toBe('13:45:30'),
  '645-read-status3-req': () => expectBuilds('645-read-status3-req', read(ADDR, DI.RUN_STATUS_3)),
  '645-read-status3-rsp': () => {
    const word = readValue('645-read-status3-req', '645-read-status3-rsp');
    expect(word).toBe(0x0250);
    expect(decodeStatusWord3(0x0250)).toMatchObject({
      relayOpen: true,
      relayCommandTrip: true,
      meterKind: 'money-prepaid',
      powerSupply: 'mains',
      keepPower: false,
    });
    expect(encodeStatusWord3({ relayOpen: true, relayCommandTrip: true, meterKind: 'money-prepaid' })).toBe(
      0x0250,
    );
  },
  '645-read-balance-req': () => expectBuilds('645-read-balance-req', read(ADDR, DI.REMAINING_MONEY)),
  '645-read-balance-rsp': () =>
    expect(readValue('645-read-balance-req', '645-read-balance-rsp')).toBe(123.45),
  '645-read-buycount-rsp': () =>
    expect(readValue(read(ADDR, DI.PURCHASE_COUNT_MONEY), '645-read-buycount-rsp')).toBe(12),
  '645-relay-trip-pw-req': () =>
    expectBuilds('645-relay-trip-pw-req', relayRequest(ADDR, 'trip', AUTH, at('2025-12-31T12:00:00'))),
  '645-relay-closeallow-req': () =>
    expectBuilds(
      '645-relay-closeallow-req',
      relayRequest(ADDR, 'close-allowed', AUTH, at('2025-12-31T12:00:00')),
    ),
  '645-relay-directclose-req': () =>
    expectBuilds(
      '645-relay-directclose-req',
      relayRequest(ADDR, 'direct-close', AUTH, at('2025-12-31T12:00:00')),
    ),
  '645-relay-abnormal-rsp': () => {
    const request = frameOf('645-relay-trip-pw-req');
    expectBuilds('645-relay-abnormal-rsp', abnormalReply(request, 0x04));
    expect(parseReply(request, frameOf('645-relay-abnormal-rsp'))).toMatchObject({ ok: false, errorWord: 4 });
  },
  '645-write-time-req': () => {
    const value = findDataItem(DI.TIME)?.encode('10:20:30') ?? new Uint8Array();
    expectBuilds('645-write-time-req', writeRequest(ADDR, DI.TIME, AUTH, value));
    const parsed = parseWriteRequest(frameOf('645-write-time-req'));
    expect(parsed.di).toBe(DI.TIME);
    expect(parsed.auth).toEqual(AUTH);
    expect(findDataItem(DI.TIME)?.decode(parsed.value)).toBe('10:20:30');
  },
  '645-write-ok-rsp': () => {
    const request = frameOf('645-write-time-req');
    expectBuilds('645-write-ok-rsp', normalReply(request));
    expect(parseReply(request, frameOf('645-write-ok-rsp')).ok).toBe(true);
  },
  '645-change-baud-req': () => expectBuilds('645-change-baud-req', changeBaudRequest(ADDR, 9600)),
  '645-change-baud-rsp': () =>
    expectBuilds('645-change-baud-rsp', normalReply(frameOf('645-change-baud-req'))),
  '645-change-pwd-req': () =>
    expectBuilds(
      '645-change-pwd-req',
      changePasswordRequest(ADDR, { level: 2, password: '123456' }, { level: 2, password: '654321' }),
    ),
  '645-change-pwd-rsp': () => {
    const request = frameOf('645-change-pwd-req');
    expectBuilds('645-change-pwd-rsp', normalReply(request));
    expect(parseReply(request, frameOf('645-change-pwd-rsp'))).toMatchObject({
      ok: true,
      value: Uint8Array.of(0x02, 0x21, 0x43, 0x65),
    });
  },
  '645-read-follow-req': () => expectBuilds('645-read-follow-req', readFollowRequest(ADDR, 0x06000001, 1)),
  '645-read-dayfreeze-req': () => {
    expectBuilds('645-read-dayfreeze-req', read(ADDR, dailyFrozenForwardActive(1)));
    expect(dailyFrozenForwardActive(1)).toBe(DI.DAILY_FROZEN_FORWARD_ACTIVE_1);
  },
};

const CHECKS_1997: Record<string, () => void> = {
  '645-1997-read-req': () => expectBuilds('645-1997-read-req', readRequest1997('000000000003', 0xb611)),
  '645-1997-read-rsp': () => {
    const reply = parseReply1997(frameOf('645-1997-read-req'), frameOf('645-1997-read-rsp'));
    if (!reply.ok) throw new Error('abnormal');
    expect(reply.di).toBe(0xb611);
    expect(findDataItem1997(0xb611)?.decode(reply.value)).toBe(100);
  },
};

const T = { area: '1000', terminal: 0x044d, msa: 0, group: false };
const FORWARD_2400_8E1 = { baud: 2400, parity: 'even', dataBits: 8, stopBits: 1 } as const;
const g = (id: string) => gdw376.decode(bytesOf(id));
const expectBuilds376 = (id: string, f: gdw376.Frame376) => expect(hex(gdw376.encode(f))).toBe(vectorHex(id));

const CHECKS_376: Record<string, () => void> = {
  '3761-login': () => {
    expectBuilds376('3761-login', gdw376.login(T, 5));
    expect(g('3761-login')).toMatchObject({ afn: 2, fn: 1, pn: 0, address: T });
    expect(gdw376.parseSeq(g('3761-login').seq)).toEqual({
      tpv: false,
      fir: true,
      fin: true,
      con: true,
      seq: 5,
    });
  },
  '3761-heartbeat': () => expectBuilds376('3761-heartbeat', gdw376.heartbeat(T, 6)),
  '3761-login-confirm': () => {
    expectBuilds376('3761-login-confirm', gdw376.confirm(g('3761-login')));
    expect(gdw376.isConfirm(g('3761-login-confirm'))).toBe(true);
  },
  '3761-afn10-f1-req': () => {
    const inner = encodeFrame(read(ADDR, DI.FORWARD_ACTIVE_TOTAL));
    const request = gdw376.forwardRequest(
      { ...T, msa: 1 },
      { port: 31, serial: FORWARD_2400_8E1, frameTimeoutMs: 10_000, byteTimeoutMs: 100, frame: inner },
      { pseq: 1, con: true },
    );
    expectBuilds376('3761-afn10-f1-req', request);
    expect(gdw376.parseForwardRequest(g('3761-afn10-f1-req'))).toEqual({
      port: 31,
      serial: FORWARD_2400_8E1,
      frameTimeoutMs: 10_000,
      byteTimeoutMs: 100,
      frame: inner,
    });
  },
  '3761-afn10-f1-rsp': () => {
    const raw = bytesOf('645-read-fwd-total-rsp');
    expectBuilds376('3761-afn10-f1-rsp', gdw376.forwardReply(g('3761-afn10-f1-req'), 31, raw));
    const back = gdw376.parseForwardReply(g('3761-afn10-f1-rsp'));
    expect(back.port).toBe(31);
    expect(readValue(read(ADDR, DI.FORWARD_ACTIVE_TOTAL), '645-read-fwd-total-rsp')).toBe(1206.42);
    expect(decodeFrame(back.frame)).toEqual(frameOf('645-read-fwd-total-rsp'));
  },
  '3761-deny': () => {
    expectBuilds376('3761-deny', gdw376.deny(g('3761-afn10-f1-req')));
    expect(gdw376.isDeny(g('3761-deny'))).toBe(true);
  },
  '3761-afn10-f1-7byte-addr': () => {
    const f = g('3761-afn10-f1-7byte-addr');
    const address = { area: '2202', terminal: 0x22355223, msa: 2, group: false, wide: true };
    expect(f.address).toEqual(address);
    const forward = gdw376.parseForwardRequest(f);
    const tp = { pfc: 5, second: 45, minute: 58, hour: 13, day: 26, delayMinutes: 5 };
    expect(forward).toMatchObject({
      port: 31,
      serial: FORWARD_2400_8E1,
      frameTimeoutMs: 60_000,
      byteTimeoutMs: 100,
      tp,
    });
    expect(forward.pw).toEqual(new Uint8Array(16));
    expect(decodeFrame(forward.frame)).toEqual(read('201206290129', DI.FORWARD_ACTIVE_TOTAL));
    const rebuilt = gdw376.forwardRequest(
      address,
      { ...forward, frame: encodeFrame(read('201206290129', DI.FORWARD_ACTIVE_TOTAL)) },
      { pseq: 5 },
    );
    expectBuilds376('3761-afn10-f1-7byte-addr', rebuilt);
  },
};

function roundTrip(v: Vector): string {
  const bytes = fromHex(v.hex);
  if (v.protocol === 'Q/GDW 376.1') return hex(gdw376.encode(gdw376.decode(bytes)));
  return hex(encodeFrame(decodeFrame(bytes), { preamble: preambleOf(v.hex) }));
}

describe('dlt645-vectors.json', () => {
  it('the package copy is the shared file, unedited', () => {
    const shared = sharedVectorsText();
    if (shared !== undefined) expect(readFileSync(VECTORS_PATH, 'utf8')).toBe(shared);
    expect(VECTORS.length).toBeGreaterThanOrEqual(49);
  });

  it('every vector has a meaning check for its protocol', () => {
    const checks = { 'DL/T 645-2007': CHECKS_645, 'DL/T 645-1997': CHECKS_1997, 'Q/GDW 376.1': CHECKS_376 };
    for (const v of VECTORS) {
      const table = checks[v.protocol as keyof typeof checks];
      expect(table, `${v.id}: protocol ${v.protocol}`).toBeDefined();
      expect(table?.[v.id], `${v.id} has no meaning check`).toBeTypeOf('function');
    }
  });

  describe.each(VECTORS.map((v) => [v.id, v] as const))('%s', (_id, v) => {
    it('decodes and re-encodes byte for byte', () => {
      expect(v.checksum_ok).toBe(true);
      expect(roundTrip(v)).toBe(v.hex);
    });

    it('is recognised as its protocol edition', () => {
      if (v.protocol === 'Q/GDW 376.1') {
        expect(gdw376.decode(fromHex(v.hex)).protocol).toBe(gdw376.PROTOCOL_376_1);
        expect(() => decodeFrame(fromHex(v.hex))).toThrow();
      } else {
        expect(detectEdition(decodeFrame(fromHex(v.hex)))).toBe(
          v.protocol === 'DL/T 645-1997' ? '1997' : '2007',
        );
      }
    });

    it('means what its meaning says', () => {
      const check = { ...CHECKS_645, ...CHECKS_1997, ...CHECKS_376 }[v.id];
      expect(check).toBeTypeOf('function');
      check?.();
    });
  });
});

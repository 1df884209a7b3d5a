import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Account,
  type ActionRequest,
  BlockAssembler,
  bufferCodec,
  CLASS_ID,
  Clock,
  Credit,
  DisconnectControl,
  type DlmsData,
  dateTimeFromDate,
  decodeApdu,
  decodeData,
  decodeHdlcFrame,
  decodeWrapper,
  encodeApdu,
  encodeData,
  encodeHdlcFrame,
  encodeWrapper,
  entryDescriptor,
  type GetRequest,
  type GetResponse,
  hex,
  ImageTransfer,
  ProfileGeneric,
  PushSetup,
  Register,
  rangeDescriptor,
  type SetRequest,
  setRequestBlocks,
  splitBlocks,
  stripLlc,
  TokenGateway,
} from '../src/index.js';
import { bytesOf, idsOf } from './vectors.js';

/** The APDU inside a class vector (HDLC frame with its LLC header, wrapper frame, or a bare APDU). */
function apduOf(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x7e) return stripLlc(decodeHdlcFrame(bytes).info) ?? new Uint8Array();
  if (bytes[0] === 0x00 && bytes[1] === 0x01) return decodeWrapper(bytes).apdu;
  return bytes;
}
const apdu = (id: string) => decodeApdu(apduOf(bytesOf(id)));

describe('interface-class vectors (published frames)', () => {
  it.each(idsOf('class'))('%s decodes (frame checks included) and re-encodes byte for byte', (id) => {
    const bytes = bytesOf(id);
    const inner = apduOf(bytes);
    expect(hex(encodeApdu(decodeApdu(inner)))).toBe(hex(inner));
    if (bytes[0] === 0x7e) expect(hex(encodeHdlcFrame(decodeHdlcFrame(bytes)))).toBe(hex(bytes));
    else if (bytes[0] === 0) expect(hex(encodeWrapper(decodeWrapper(bytes)))).toBe(hex(bytes));
  });

  it('builds the published remote disconnect and reconnect from the class definition', () => {
    const call = (method: typeof DisconnectControl.remoteDisconnect): ActionRequest => ({
      service: 'action-request',
      type: 'normal',
      invoke: 0xc1,
      descriptor: { classId: CLASS_ID.disconnectControl, obis: '0.0.96.3.10.255', method: method.method },
      parameters: method.codec.encode(0),
    });
    expect(hex(encodeApdu(call(DisconnectControl.remoteDisconnect)))).toBe(
      hex(apduOf(bytesOf('class-wrapper-remote-disconnect'))),
    );
    expect(hex(encodeApdu(call(DisconnectControl.remoteReconnect)))).toBe(
      hex(bytesOf('class-apdu-remote-reconnect')),
    );
  });

  it('builds the published range read of a load profile from rangeDescriptor', () => {
    const clock = { classId: 8, obis: '0.0.1.0.0.255', attribute: 2, dataIndex: 0 };
    const request: GetRequest = {
      service: 'get-request',
      type: 'normal',
      invoke: 0xc1,
      descriptor: {
        classId: ProfileGeneric.classId,
        obis: '1.0.99.1.0.255',
        attribute: ProfileGeneric.buffer.attribute,
      },
      access: rangeDescriptor({
        from: dateTimeFromDate(new Date(Date.UTC(2023, 0, 13, 21)), -32768, 0),
        to: dateTimeFromDate(new Date(Date.UTC(2023, 8, 6)), -32768, 0),
        columns: [clock, { ...clock, attribute: 4 }],
      }),
    };
    expect(hex(encodeApdu(request))).toBe(hex(apduOf(bytesOf('class-hdlc-get-profile-range'))));
  });

  it('builds the published SET of a credit type from the Credit class', () => {
    const request: SetRequest = {
      service: 'set-request',
      type: 'normal',
      invoke: 0xc1,
      descriptor: {
        classId: Credit.classId,
        obis: '0.0.19.10.2.255',
        attribute: Credit.creditType.attribute,
      },
      value: Credit.creditType.codec.encode(0),
    };
    expect(hex(encodeApdu(request))).toBe(hex(apduOf(bytesOf('class-hdlc-set-credit-type'))));
    expect(apdu('class-hdlc-set-reply')).toMatchObject({
      service: 'set-response',
      type: 'normal',
      result: 0,
    });
  });

  it('reads the published blocks of a profile buffer in order, and refuses a block out of order', () => {
    const first = apdu('class-hdlc-get-profile-block-1') as GetResponse;
    expect(first).toMatchObject({ type: 'with-datablock', block: { lastBlock: false, blockNumber: 1 } });
    const raw = first.type === 'with-datablock' && 'raw' in first.block ? first.block.raw : new Uint8Array();
    expect(hex(raw.slice(0, 4))).toBe('01 82 03 D7');
    expect(apdu('class-hdlc-get-next-b7')).toMatchObject({ type: 'next', blockNumber: 0xb7 });
    expect(apdu('class-hdlc-get-profile-block-last')).toMatchObject({
      block: { lastBlock: true, blockNumber: 0xb9 },
    });
    const blocks = new BlockAssembler();
    expect(blocks.push({ lastBlock: false, blockNumber: 1, raw })).toBeUndefined();
    expect(() => blocks.push({ lastBlock: true, blockNumber: 3, raw })).toThrow(/block 3/);
  });
});

describe('interface-class codecs (our own cases)', () => {
  const roundTrip = <T>(codec: { encode(v: T): DlmsData; decode(d: DlmsData): T }, value: T) =>
    codec.decode(decodeData(encodeData(codec.encode(value))));

  it('round-trips the typed attributes and method parameters of every class', () => {
    const t = dateTimeFromDate(new Date(Date.UTC(2026, 10, 28, 15, 4, 5)), 60, 0);
    const cases: [{ encode(v: never): DlmsData; decode(d: DlmsData): unknown }, unknown][] = [
      [Register.scalerUnit.codec, { scaler: -2, unit: 30 }],
      [Clock.time.codec, t],
      [
        ProfileGeneric.captureObjects.codec,
        [{ classId: 3, obis: '1.0.1.8.0.255', attribute: 2, dataIndex: 0 }],
      ],
      [ProfileGeneric.buffer.codec, [[{ type: 'double-long-unsigned', value: 7 }]]],
      [DisconnectControl.outputState.codec, true],
      [ImageTransfer.initiate.codec, { identifier: Uint8Array.of(1, 2), size: 524288 }],
      [ImageTransfer.blockTransfer.codec, { blockNumber: 3, value: Uint8Array.of(9, 9, 9) }],
      [
        ImageTransfer.toActivateInfo.codec,
        [{ size: 10, identification: Uint8Array.of(1), signature: Uint8Array.of(2) }],
      ],
      [
        PushSetup.sendDestinationAndMethod.codec,
        { transportService: 0, destination: Uint8Array.of(49), message: 0 },
      ],
      [PushSetup.communicationWindow.codec, [{ start: t, end: t }]],
      [Account.modeAndStatus.codec, { mode: 2, status: 2 }],
      [Account.currency.codec, { name: 'KES', scale: -2, unit: 2 }],
      [Account.availableCredit.codec, -1500],
      [Credit.currentCreditAmount.codec, 250000],
      [TokenGateway.status.codec, { code: 3, data: '00000000' }],
      [TokenGateway.enter.codec, new TextEncoder().encode('12345678901234567890')],
    ];
    for (const [codec, value] of cases) expect(roundTrip(codec as never, value as never)).toEqual(value);
  });

  it('refuses a value of the wrong shape', () => {
    expect(() => Register.scalerUnit.codec.decode({ type: 'boolean', value: true })).toThrow(/structure/);
    expect(() => TokenGateway.status.codec.decode({ type: 'structure', value: [] })).toThrow(
      /structure of 0/,
    );
    expect(() => bufferCodec.decode({ type: 'array', value: [{ type: 'null' }] })).toThrow(/structure/);
  });

  it('builds entry access as the Blue Book states (entries and columns from 1, 0 = to the last)', () => {
    expect(hex(encodeData(entryDescriptor({ fromEntry: 2, toEntry: 4 }).parameters))).toBe(
      '02 04 06 00 00 00 02 06 00 00 00 04 12 00 01 12 00 00',
    );
  });
});

describe('block transfer (our own cases)', () => {
  it('splits any value into blocks and assembles it back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 600 }), (bytes, size) => {
        const blocks = splitBlocks(bytes, size);
        expect(blocks.every((b) => b.raw.length <= size)).toBe(true);
        const a = new BlockAssembler();
        const parts = blocks.map((b) => a.push(b));
        expect(parts.slice(0, -1).every((p) => p === undefined)).toBe(true);
        expect(hex(parts.at(-1) ?? Uint8Array.of(0xee))).toBe(hex(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('writes a long value with set-request first-datablock then datablocks', () => {
    const value: DlmsData = { type: 'octet-string', value: new Uint8Array(300).fill(7) };
    const target = { descriptor: { classId: 1, obis: '0.0.96.1.0.255', attribute: 2 } };
    const requests = setRequestBlocks(0xc1, target, value, 128);
    expect(requests.map((r) => r.type)).toEqual(['with-first-datablock', 'with-datablock', 'with-datablock']);
    const a = new BlockAssembler();
    let whole: DlmsData | undefined;
    for (const r of requests) {
      const again = decodeApdu(encodeApdu(r)) as SetRequest;
      if (again.type === 'with-first-datablock' || again.type === 'with-datablock')
        whole = a.pushData(again.block);
    }
    expect(whole).toEqual(value);
  });
});

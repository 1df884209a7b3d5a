import { describe, expect, it } from 'vitest';
import {
  abnormalReply,
  BROADCAST_ADDRESS,
  broadcastTimeRequest,
  Control,
  DI,
  decodeFrame,
  describeFrame,
  diToBytes,
  ErrorWord,
  encodeFrame,
  errorNames,
  freezeRequest,
  hex,
  matchesRequest,
  normalReply,
  parseBroadcastTime,
  parseRelayRequest,
  parseReply,
  parseTokenRequest,
  parseWriteRequest,
  RELAY_CODES,
  type RelayCommand,
  readAddressRequest,
  readFollowRequest,
  readRequest,
  relayRequest,
  TokenResult,
  tokenRequest,
  tokenResultName,
  writeRequest,
} from '../src/index.js';
import { AUTH } from './auth.js';
import { errorCode } from './frame-error.js';

const ADDR = '047100000003';
const TOKEN = '12345678901234567890';

describe('vendor token entry (DI 04 A1 20 00)', () => {
  it('sends DI, PA, password, operator and the 20 digits low byte first', () => {
    const request = tokenRequest(ADDR, TOKEN, AUTH);
    expect(request.control).toBe(Control.WRITE);
    expect(hex(request.data)).toBe('00 20 A1 04 02 56 34 12 78 56 34 12 90 78 56 34 12 90 78 56 34 12');
    expect(hex(encodeFrame(request))).toBe(
      '68 03 00 00 00 71 04 68 14 16 33 53 D4 37 35 89 67 45 AB 89 67 45 C3 AB 89 67 45 C3 AB 89 67 45 93 16',
    );
    expect(parseTokenRequest(decodeFrame(encodeFrame(request)))).toEqual({ token: TOKEN, auth: AUTH });
  });

  it('accepts the token with dashes or spaces as printed on a receipt', () => {
    expect(tokenRequest(ADDR, '1234 5678 9012 3456 7890', AUTH)).toEqual(tokenRequest(ADDR, TOKEN, AUTH));
    expect(errorCode(() => tokenRequest(ADDR, '1234567890123456789', AUTH))).toBe('bad-value');
  });

  it('is answered 94 with one result byte, or D4 with the error word', () => {
    const request = tokenRequest(ADDR, TOKEN, AUTH);
    const reply = normalReply(request, Uint8Array.of(TokenResult.USED));
    expect(hex(encodeFrame(reply)).split(' ').slice(8, 11)).toEqual(['94', '01', '34']);
    expect(parseReply(request, reply)).toEqual({ ok: true, value: Uint8Array.of(1), more: false });
    expect(tokenResultName(TokenResult.KEY_CHANGE_PENDING)).toBe('key-change-pending');
    const refused = abnormalReply(request, ErrorWord.UNAUTHORISED);
    expect(refused.control).toBe(0xd4);
    expect(parseReply(request, refused)).toEqual({ ok: false, errorWord: 4, errors: ['unauthorised'] });
  });

  it('is not mistaken for another write', () => {
    const write = writeRequest(ADDR, DI.TIME, AUTH, Uint8Array.of(0x30, 0x20, 0x10));
    expect(parseTokenRequest(write)).toBeUndefined();
    expect(parseWriteRequest(write)).toEqual({
      di: DI.TIME,
      auth: AUTH,
      value: Uint8Array.of(0x30, 0x20, 0x10),
    });
  });
});

describe('requests', () => {
  it('relay commands carry N1 and the valid-until time', () => {
    const until = new Date('2026-11-23T12:00:00Z');
    for (const command of Object.keys(RELAY_CODES) as RelayCommand[]) {
      const f = decodeFrame(encodeFrame(relayRequest(ADDR, command, AUTH, until)));
      expect(f.data[8]).toBe(RELAY_CODES[command]);
      expect(parseRelayRequest(f)).toEqual({ command, auth: AUTH, validUntil: until });
    }
  });

  it('refuse bad credentials with a clear error', () => {
    const until = new Date('2026-11-23T12:00:00Z');
    expect(errorCode(() => relayRequest(ADDR, 'trip', { ...AUTH, password: '12345' }, until))).toBe(
      'bad-value',
    );
    expect(errorCode(() => relayRequest(ADDR, 'trip', { ...AUTH, operator: 'abc' }, until))).toBe(
      'bad-value',
    );
    expect(errorCode(() => relayRequest(ADDR, 'trip', { ...AUTH, level: 10 }, until))).toBe('bad-value');
    expect(errorCode(() => relayRequest(ADDR, 'trip', AUTH, new Date(Number.NaN)))).toBe('bad-value');
  });

  it('broadcast time goes to 999999999999 and is never answered', () => {
    const f = broadcastTimeRequest(new Date('2024-03-15T13:45:30Z'));
    expect(f.address).toBe(BROADCAST_ADDRESS);
    expect(hex(encodeFrame(f))).toBe('68 99 99 99 99 99 99 68 08 06 63 78 46 48 36 57 6A 16');
    expect(parseBroadcastTime(f)).toEqual(new Date('2024-03-15T13:45:30Z'));
    expect(errorCode(() => normalReply(f))).toBe('no-reply');
  });

  it('freeze uses 99 for "every"', () => {
    expect(hex(freezeRequest(ADDR, { hour: 0, minute: 0 }).data)).toBe('00 00 99 99');
    expect(hex(freezeRequest(ADDR).data)).toBe('99 99 99 99');
  });
});

describe('replies', () => {
  const request = readRequest(ADDR, DI.REMAINING_MONEY);

  it('pair with their request by address, function and DI', () => {
    const reply = normalReply(request, Uint8Array.of(0x45, 0x23, 0x01, 0x00));
    expect(matchesRequest(request, reply)).toBe(true);
    expect(matchesRequest(request, { ...reply, address: '047100000004' })).toBe(false);
    expect(matchesRequest(request, normalReply(readRequest(ADDR, DI.REMAINING_ENERGY)))).toBe(false);
    expect(matchesRequest(request, normalReply(tokenRequest(ADDR, TOKEN, AUTH)))).toBe(false);
    expect(matchesRequest(request, request)).toBe(false);
    expect(errorCode(() => parseReply(request, { ...reply, address: '047100000004' }))).toBe(
      'unmatched-reply',
    );
  });

  it('a wildcard read-address request matches the meter that answers', () => {
    const reply = normalReply(readAddressRequest(), undefined, { address: ADDR });
    expect(reply.address).toBe(ADDR);
    expect(matchesRequest(readAddressRequest(), reply)).toBe(true);
  });

  it('flag follow-up frames and carry the follow-up sequence', () => {
    const first = normalReply(request, Uint8Array.of(1, 2), { more: true });
    expect(first.control).toBe(0xb1);
    expect(parseReply(request, first)).toMatchObject({ ok: true, more: true, di: DI.REMAINING_MONEY });
    const follow = readFollowRequest(ADDR, DI.REMAINING_MONEY, 1);
    const last = normalReply(follow, Uint8Array.of(3, 4));
    expect(hex(last.data)).toBe(`${hex(diToBytes(DI.REMAINING_MONEY))} 03 04 01`);
    expect(parseReply(follow, last)).toEqual({
      ok: true,
      di: DI.REMAINING_MONEY,
      value: Uint8Array.of(3, 4),
      more: false,
      seq: 1,
    });
  });

  it('name every error bit', () => {
    expect(errorNames(0x06)).toEqual(['no-data', 'unauthorised']);
    expect(errorNames(0)).toEqual(['other']);
    expect(errorNames(0x40)).toEqual(['too-many-tariffs']);
    const serr = abnormalReply({ address: ADDR, control: Control.SECURITY, data: new Uint8Array() }, 0x0102);
    expect(hex(serr.data)).toBe('02 01');
    expect(errorCode(() => abnormalReply(request, -1))).toBe('bad-value');
  });
});

describe('describeFrame', () => {
  it('names the meter, the function, the item and any error', () => {
    const request = readRequest(ADDR, DI.REMAINING_MONEY);
    expect(describeFrame(request)).toBe('047100000003 read 00 90 02 00 (remaining money)');
    expect(describeFrame(normalReply(request, Uint8Array.of(0, 0, 0, 0)))).toBe(
      '047100000003 read reply 00 90 02 00 (remaining money)',
    );
    expect(describeFrame(abnormalReply(tokenRequest(ADDR, TOKEN, AUTH), ErrorWord.UNAUTHORISED))).toBe(
      '047100000003 write abnormal reply: unauthorised',
    );
    expect(describeFrame(tokenRequest(ADDR, TOKEN, AUTH))).toBe(
      '047100000003 write 04 A1 20 00 (token entry (vendor))',
    );
    expect(describeFrame({ address: ADDR, control: 0x05, data: new Uint8Array() })).toBe(
      '047100000003 function-0x05',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  AARE_DIAGNOSTIC,
  type Apdu,
  conformanceBlock,
  conformanceNames,
  dataAccessResultName,
  decodeApdu,
  decodeHdlcFrame,
  decodeInvoke,
  encodeApdu,
  hex,
  MECHANISM,
  stripLlc,
  type XdlmsApdu,
} from '../src/index.js';
import { bytesOf, idsOf } from './vectors.js';

const apduOf = (id: string) => decodeApdu(bytesOf(id));
const xdlmsOf = (id: string) => apduOf(id) as XdlmsApdu;
const inner = (a: Apdu) => {
  if (!('apdu' in a) || !a.userInformation) throw new Error('no user-information');
  return decodeApdu(a.userInformation);
};
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

describe('APDU vectors', () => {
  it.each(idsOf('apdu'))('%s decodes and re-encodes byte for byte', (id) => {
    const bytes = bytesOf(id);
    const apdu = decodeApdu(bytes);
    expect(hex(encodeApdu(apdu))).toBe(hex(bytes));
    if ('apdu' in apdu && apdu.userInformation)
      expect(hex(encodeApdu(inner(apdu)))).toBe(hex(apdu.userInformation));
  });

  it.each([
    'hdlc-aarq-kmethy',
    'hdlc-i-aarq',
    'hdlc-i-aare',
    'hdlc-aarq-low-php',
    'hdlc-aare-low-php',
    'hdlc-action-php',
    'hdlc-action-rsp-php',
  ])('%s carries an APDU that re-encodes', (id) => {
    const apdu = stripLlc(decodeHdlcFrame(bytesOf(id)).info);
    if (!apdu) throw new Error('no LLC');
    expect(hex(encodeApdu(decodeApdu(apdu)))).toBe(hex(apdu));
  });
});

describe('association (AARQ/AARE) as the vectors state', () => {
  it('reads each authentication level', () => {
    expect(apduOf('aarq-none')).toMatchObject({ apdu: 'aarq', context: 'ln' });
    expect(apduOf('aarq-none')).not.toHaveProperty('mechanism');
    const low = apduOf('aarq-low');
    expect(low).toMatchObject({ mechanism: MECHANISM.low });
    expect(text('authenticationValue' in low ? low.authenticationValue : undefined)).toBe('12345678');
    const high = apduOf('aarq-high-gmac');
    expect(high).toMatchObject({ mechanism: MECHANISM['high-gmac'] });
    expect(text('authenticationValue' in high ? high.authenticationValue : undefined)).toBe('K56iVagY');
    const php = decodeApdu(stripLlc(decodeHdlcFrame(bytesOf('hdlc-aarq-low-php')).info) ?? new Uint8Array());
    expect(text('authenticationValue' in php ? php.authenticationValue : undefined)).toBe('fff');
    const ciphered = apduOf('aarq-ciphered-low');
    expect(ciphered).toMatchObject({ context: 'ln-ciphered', mechanism: 1 });
    expect(
      hex(
        'callingApTitle' in ciphered ? (ciphered.callingApTitle ?? new Uint8Array()) : new Uint8Array(),
        '',
      ),
    ).toBe('4D4D4D0000BC614E');
    expect(inner(ciphered)).toMatchObject({
      service: 'ciphered',
      tag: 0x21,
      securityControl: 0x30,
      invocationCounter: 0x01234567,
    });
  });

  it('reads the InitiateRequest and its conformance block', () => {
    const ir = inner(apduOf('aarq-none'));
    expect(ir).toMatchObject({
      service: 'initiate-request',
      dlmsVersion: 6,
      conformance: 0x007e1f,
      maxReceivePduSize: 1200,
    });
    expect(conformanceNames(0x007e1f)).toEqual([
      'priority-mgmt-supported',
      'attribute0-supported-with-get',
      'block-transfer-with-get-or-read',
      'block-transfer-with-set-or-write',
      'block-transfer-with-action',
      'multiple-references',
      'get',
      'set',
      'selective-access',
      'event-notification',
      'action',
    ]);
    expect(conformanceBlock(conformanceNames(0x00501f))).toBe(0x00501f);
    expect(
      hex(
        ('dedicatedKey' in apduOf('initiate-request-dedicated') &&
          (apduOf('initiate-request-dedicated') as { dedicatedKey: Uint8Array }).dedicatedKey) ||
          new Uint8Array(),
        '',
      ),
    ).toBe('00112233445566778899AABBCCDDEEFF');
  });

  it('reads accepted and rejected AAREs', () => {
    const ok = apduOf('aare-accepted');
    expect(ok).toMatchObject({ result: 0, diagnostic: { source: 'user', value: 0 } });
    expect(inner(ok)).toMatchObject({
      service: 'initiate-response',
      maxReceivePduSize: 500,
      vaaName: 7,
      dlmsVersion: 6,
    });
    const ctx = apduOf('aare-rejected-context');
    expect(ctx).toMatchObject({ result: 1, diagnostic: { value: 2 } });
    expect(AARE_DIAGNOSTIC[2]).toBe('application-context-name-not-supported');
    expect(inner(apduOf('aare-rejected-version'))).toEqual({
      service: 'confirmed-service-error',
      confirmedService: 1,
      errorChoice: 6,
      value: 1,
    });
    const hls = apduOf('aare-hls-gmac');
    expect(hls).toMatchObject({ result: 0, diagnostic: { value: 14 }, mechanism: 5 });
    expect(text('authenticationValue' in hls ? hls.authenticationValue : undefined)).toBe('P6wRJ21F');
    expect(apduOf('rlrq-normal')).toEqual({ apdu: 'rlrq', reason: 0 });
    expect(inner(apduOf('rlre-initiate'))).toMatchObject({
      service: 'initiate-response',
      qualityOfService: 0,
    });
  });
});

describe('GET, SET and ACTION as the vectors state', () => {
  it('reads get requests and responses', () => {
    expect(apduOf('get-request-normal')).toEqual({
      service: 'get-request',
      type: 'normal',
      invoke: 0xc1,
      descriptor: { classId: 1, obis: '0.0.43.1.0.255', attribute: 2 },
    });
    expect(decodeInvoke(0xc1)).toEqual({ invokeId: 1, confirmed: true, highPriority: true });
    expect(apduOf('get-request-next-3')).toMatchObject({ type: 'next', blockNumber: 3 });
    expect(apduOf('get-response-normal')).toMatchObject({
      result: { data: { type: 'double-long-unsigned', value: 5009 } },
    });
    expect(apduOf('get-response-error')).toMatchObject({ result: { error: 1 } });
    expect(dataAccessResultName(1)).toBe('hardware-fault');
    const block = xdlmsOf('get-response-block');
    expect(block).toMatchObject({ type: 'with-datablock', block: { lastBlock: false, blockNumber: 1 } });
    expect(
      block.service === 'get-response' &&
        block.type === 'with-datablock' &&
        'raw' in block.block &&
        block.block.raw.length,
    ).toBe(1182);
  });

  it('reads a range read of a profile buffer', () => {
    const a = xdlmsOf('get-request-range');
    expect(a).toMatchObject({
      descriptor: { classId: 7, obis: '1.0.99.1.0.255', attribute: 2 },
      access: { selector: 1 },
    });
    const p = a.service === 'get-request' && a.type === 'normal' ? a.access?.parameters : undefined;
    expect(p?.type === 'structure' && p.value.length).toBe(4);
  });

  it('reads set and action', () => {
    const set = apduOf('set-request-normal');
    expect(set).toMatchObject({
      type: 'normal',
      descriptor: { classId: 8, obis: '0.0.1.0.0.255', attribute: 2 },
    });
    expect(apduOf('set-response-normal')).toEqual({
      service: 'set-response',
      type: 'normal',
      invoke: 0xc1,
      result: 0,
    });
    expect(apduOf('action-request-hls')).toMatchObject({
      descriptor: { classId: 15, obis: '0.0.40.0.0.255', method: 1 },
      parameters: { type: 'octet-string' },
    });
    expect(apduOf('action-request-no-data')).not.toHaveProperty('parameters');
    expect(apduOf('action-response-normal')).toEqual({
      service: 'action-response',
      type: 'normal',
      invoke: 0xc0,
      result: 0,
    });
    expect(apduOf('action-response-error')).toMatchObject({ result: 0, returned: { error: 250 } });
    expect(dataAccessResultName(250)).toBe('other-reason');
    expect(apduOf('data-notification')).toMatchObject({
      service: 'data-notification',
      longInvokeId: 0x1db,
      body: { type: 'octet-string' },
    });
  });
});

describe('APDUs without a published vector (our own round-trip cases)', () => {
  const desc = { classId: 3, obis: '1.0.1.8.0.255', attribute: 2 };
  const block = { lastBlock: true, blockNumber: 2, raw: Uint8Array.of(1, 2, 3) };
  const cases: Apdu[] = [
    {
      service: 'get-request',
      type: 'with-list',
      invoke: 0xc1,
      items: [{ descriptor: desc }, { descriptor: { ...desc, attribute: 3 } }],
    },
    {
      service: 'get-response',
      type: 'with-list',
      invoke: 0xc1,
      results: [{ data: { type: 'long', value: -5 } }, { error: 4 }],
    },
    {
      service: 'get-response',
      type: 'with-datablock',
      invoke: 0xc1,
      block: { lastBlock: true, blockNumber: 9, error: 14 },
    },
    {
      service: 'set-request',
      type: 'with-first-datablock',
      invoke: 0xc1,
      descriptor: desc,
      block: { ...block, lastBlock: false, blockNumber: 1 },
    },
    { service: 'set-request', type: 'with-datablock', invoke: 0xc1, block },
    {
      service: 'set-request',
      type: 'with-list',
      invoke: 0xc1,
      items: [{ descriptor: desc }],
      values: [{ type: 'unsigned', value: 7 }],
    },
    {
      service: 'set-request',
      type: 'with-list-and-first-datablock',
      invoke: 0xc1,
      items: [{ descriptor: desc }],
      block,
    },
    { service: 'set-response', type: 'datablock', invoke: 0xc1, blockNumber: 1 },
    { service: 'set-response', type: 'last-datablock', invoke: 0xc1, result: 0, blockNumber: 2 },
    {
      service: 'set-response',
      type: 'last-datablock-with-list',
      invoke: 0xc1,
      results: [0, 3],
      blockNumber: 2,
    },
    { service: 'set-response', type: 'with-list', invoke: 0xc1, results: [0, 0] },
    { service: 'action-request', type: 'next-pblock', invoke: 0xc1, blockNumber: 4 },
    {
      service: 'action-request',
      type: 'with-list',
      invoke: 0xc1,
      descriptors: [{ classId: 70, obis: '0.0.96.3.10.255', method: 1 }],
      parameters: [{ type: 'integer', value: 0 }],
    },
    {
      service: 'action-request',
      type: 'with-first-pblock',
      invoke: 0xc1,
      descriptor: { classId: 18, obis: '0.0.44.0.0.255', method: 2 },
      block,
    },
    { service: 'action-request', type: 'with-pblock', invoke: 0xc1, block },
    { service: 'action-response', type: 'with-pblock', invoke: 0xc1, block },
    {
      service: 'action-response',
      type: 'with-list',
      invoke: 0xc1,
      results: [{ result: 0 }, { result: 0, returned: { data: { type: 'null' } } }],
    },
    { service: 'action-response', type: 'next-pblock', invoke: 0xc1, blockNumber: 3 },
    { service: 'exception-response', stateError: 1, serviceError: 2 },
    { service: 'exception-response', stateError: 2, serviceError: 6, invocationCounter: 42 },
    { apdu: 'rlre', reason: 0 },
  ];
  it.each(cases.map((c, i) => [i, c] as const))('case %i round-trips', (_i, c) => {
    expect(decodeApdu(encodeApdu(c))).toEqual(c);
  });

  it('refuses an unknown tag or trailing bytes', () => {
    expect(() => decodeApdu(Uint8Array.of(0x99))).toThrow(/unknown APDU tag/);
    expect(() => decodeApdu(Uint8Array.of(0xc5, 0x01, 0xc1, 0x00, 0x00))).toThrow(/after APDU/);
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildAarq,
  type CipheredApdu,
  CLIENT_CONFORMANCE,
  decodeAare,
  decodeAarq,
  decodeApdu,
  encodeAarq,
  hex,
  readAareInitiate,
  unprotectApdu,
} from '../src/index.js';
import { bytesOf, GREEN_BOOK } from './vectors.js';

const { keys, clientTitle } = GREEN_BOOK;
const initiate = (maxReceivePduSize: number) => ({
  service: 'initiate-request',
  dlmsVersion: 6,
  conformance: CLIENT_CONFORMANCE,
  maxReceivePduSize,
});

describe('association requests for each authentication level', () => {
  it('none: LN context and an InitiateRequest, re-encoded byte for byte', async () => {
    const aarq = await buildAarq({ authentication: 'none', maxReceivePduSize: 1200 });
    const bytes = encodeAarq(aarq);
    expect(decodeAarq(bytes)).toEqual(aarq);
    expect(decodeApdu(aarq.userInformation ?? new Uint8Array())).toEqual(initiate(1200));
  });

  it('low: mechanism 1 and the password, in the published AARQ layout', async () => {
    const password = new TextEncoder().encode('12345678');
    const aarq = await buildAarq({ authentication: 'low', maxReceivePduSize: 1200, password });
    const published = decodeAarq(bytesOf('aarq-low'));
    expect({ ...aarq, userInformation: undefined }).toEqual({ ...published, userInformation: undefined });
  });

  it('high-gmac: ciphered context, calling AP title, challenge and a glo-initiate-request the meter deciphers', async () => {
    const challenge = new TextEncoder().encode('K56iVagY');
    const aarq = await buildAarq({
      authentication: 'high-gmac',
      maxReceivePduSize: 1024,
      challenge,
      keys,
      systemTitle: clientTitle,
      invocationCounter: 7,
    });
    expect(aarq).toMatchObject({ context: 'ln-ciphered', mechanism: 5, callingApTitle: clientTitle });
    const glo = decodeApdu(aarq.userInformation ?? new Uint8Array()) as CipheredApdu;
    expect(glo).toMatchObject({ tag: 0x21, securityControl: 0x30, invocationCounter: 7 });
    expect(decodeApdu(await unprotectApdu(glo, keys, clientTitle))).toEqual(initiate(1024));
    expect(hex(encodeAarq(decodeAarq(encodeAarq(aarq))))).toBe(hex(encodeAarq(aarq)));
  });

  it('reads the InitiateResponse of a published AARE, and the refusal of another', async () => {
    expect(await readAareInitiate(decodeAare(bytesOf('aare-accepted')))).toMatchObject({
      maxReceivePduSize: 500,
      conformance: 0x00501f,
    });
    expect(await readAareInitiate(decodeAare(bytesOf('aare-rejected-version')))).toHaveProperty('error');
  });
});

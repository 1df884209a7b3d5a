import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CipheredApdu,
  DlmsError,
  decodeApdu,
  decrypt,
  encodeApdu,
  encrypt,
  fromHex,
  hex,
  hlsGmac,
  protectApdu,
  unprotectApdu,
  verifyHlsGmac,
} from '../src/index.js';
import { bytesOf, GREEN_BOOK } from './vectors.js';

const { keys, serverTitle, clientTitle } = GREEN_BOOK;
const ctx = { keys, systemTitle: serverTitle, invocationCounter: 0x01234567, securityControl: 0x30 };

describe('security suite 0: Green Book examples', () => {
  it('ciphers the clock get-request to the published ciphertext and back', async () => {
    const plain = bytesOf('get-request-clock');
    const ciphered = await encrypt(ctx, plain);
    expect(hex(ciphered)).toBe(hex(bytesOf('gb-glo-get-request-ciphertext')));
    expect(hex(await decrypt(ctx, ciphered))).toBe(hex(plain));
    const glo = await protectApdu(ctx, plain);
    expect(hex(encodeApdu(glo))).toBe(
      `C8 1E 30 01 23 45 67 ${hex(bytesOf('gb-glo-get-request-ciphertext'))}`,
    );
  });

  it('computes the published HLS-GMAC of the server challenge and verifies it', async () => {
    const challenge = fromHex('503677524A323146');
    const f = await hlsGmac({ keys, systemTitle: clientTitle, invocationCounter: 1 }, challenge);
    expect(hex(f)).toBe(`10 00 00 00 01 ${hex(bytesOf('gb-gmac-stoc'))}`);
    expect(await verifyHlsGmac({ keys, systemTitle: clientTitle }, challenge, f)).toBe(true);
    const forged = f.slice();
    forged[10] = (forged[10] ?? 0) ^ 1;
    expect(await verifyHlsGmac({ keys, systemTitle: clientTitle }, challenge, forged)).toBe(false);
    expect(await verifyHlsGmac({ keys, systemTitle: serverTitle }, challenge, f)).toBe(false);
  });

  it('deciphers the glo-initiate-request to the InitiateRequest with dedicated key, and re-ciphers it', async () => {
    const glo = decodeApdu(bytesOf('gb-glo-initiate-request')) as CipheredApdu;
    expect(glo).toMatchObject({ tag: 0x21, securityControl: 0x30, invocationCounter: 0x01234567 });
    const plain = await unprotectApdu(glo, keys, serverTitle);
    expect(hex(plain)).toBe(hex(bytesOf('initiate-request-dedicated')));
    expect(hex(encodeApdu(await protectApdu(ctx, plain)))).toBe(hex(bytesOf('gb-glo-initiate-request')));
    const aarq = decodeApdu(bytesOf('aarq-ciphered-low'));
    expect('userInformation' in aarq && aarq.userInformation && hex(aarq.userInformation)).toBe(
      hex(bytesOf('gb-glo-initiate-request')),
    );
  });

  it('deciphers the glo-initiate-response of the ciphered RLRE to an InitiateResponse, and re-ciphers it', async () => {
    const rlre = decodeApdu(bytesOf('rlre-ciphered'));
    const ui = 'userInformation' in rlre ? rlre.userInformation : undefined;
    const glo = decodeApdu(ui ?? new Uint8Array()) as CipheredApdu;
    expect(glo).toMatchObject({ tag: 0x28, securityControl: 0x30, invocationCounter: 0x01234567 });
    const plain = await unprotectApdu(glo, keys, serverTitle);
    expect(decodeApdu(plain)).toEqual({
      service: 'initiate-response',
      dlmsVersion: 6,
      conformance: 0x007c1f,
      maxReceivePduSize: 0x400,
      vaaName: 7,
    });
    expect(hex(encodeApdu(await protectApdu(ctx, plain)))).toBe(hex(ui ?? new Uint8Array()));
  });

  it('deciphers a general-glo-ciphering push with the key its source names', async () => {
    const g = decodeApdu(bytesOf('general-glo-data-notification')) as CipheredApdu;
    expect(hex(g.systemTitle ?? new Uint8Array(), '')).toBe('2F19229199164103');
    const k = new TextEncoder().encode('MYDUMMYGLOBALKEY');
    const plain = await unprotectApdu(g, { blockCipherKey: k, authenticationKey: k });
    expect(decodeApdu(plain)).toMatchObject({ service: 'data-notification' });
    const again = await protectApdu(
      {
        keys: { blockCipherKey: k, authenticationKey: k },
        systemTitle: g.systemTitle ?? new Uint8Array(),
        invocationCounter: g.invocationCounter,
        securityControl: g.securityControl,
      },
      plain,
      { general: true },
    );
    expect(hex(encodeApdu(again))).toBe(hex(bytesOf('general-glo-data-notification')));
  });

  it('refuses a tampered ciphertext', async () => {
    const bad = bytesOf('gb-glo-get-request-ciphertext');
    bad[0] = (bad[0] ?? 0) ^ 1;
    await expect(decrypt(ctx, bad)).rejects.toBeInstanceOf(DlmsError);
    await expect(
      decrypt({ ...ctx, invocationCounter: 2 }, bytesOf('gb-glo-get-request-ciphertext')),
    ).rejects.toThrow(/tag/);
  });
});

describe('security suite 0: every security control (our own round-trip cases)', () => {
  it('round-trips authenticated, encrypted and both', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.constantFrom(0x10, 0x20, 0x30),
        fc.nat(),
        async (plain, sc, ic) => {
          const c = { ...ctx, securityControl: sc, invocationCounter: ic };
          const out = await encrypt(c, plain);
          expect(out.length).toBe(plain.length + (sc & 0x10 ? 12 : 0));
          expect(hex(await decrypt(c, out))).toBe(hex(plain));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('ciphers encryption-only like the ciphertext part of the authenticated form', async () => {
    const plain = bytesOf('get-request-clock');
    const both = await encrypt(ctx, plain);
    expect(hex(await encrypt({ ...ctx, securityControl: 0x20 }, plain))).toBe(
      hex(both.slice(0, plain.length)),
    );
  });
});

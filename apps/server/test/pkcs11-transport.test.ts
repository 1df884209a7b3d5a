import { publicEncrypt } from 'node:crypto';
import { meterPanFromIain, vendingKeyCheckValue } from '@prepay/sts';
import pkcs11js from 'pkcs11js';
import { describe, expect, it } from 'vitest';
import { type KeyRef, TRANSPORT_OAEP } from '../src/modules/keystore/key-vault.js';
import { iain } from './masterdata-fixtures.js';
import { aesWrappingKey, expectKeyHeldInToken, softHsmVaults } from './softhsm.js';

/**
 * Transport keys on a PKCS#11 token (SoftHSM2): the RSA pair is made by the token, its private half is a
 * token object nobody can read or wrap out, and a vending key wrapped under the public half is unwrapped by
 * the token into the same key the supplier wrapped (same check value, same decoder keys as the software
 * vault derives from the key in clear).
 */
const vaults = softHsmVaults('prepay-transport');
const { token, software } = vaults;

const KEYS = [
  { dkga: '02', key: '0ABC1234DEF56789', baseYear: 1993 },
  { dkga: '04', key: '00112233445566778899AABBCCDDEEFF01234567', baseYear: 2014 },
] as const;

const wrap = (pem: string, keyHex: string) =>
  publicEncrypt({ key: pem, ...TRANSPORT_OAEP }, Buffer.from(keyHex, 'hex'));

describe('transport keys in the PKCS#11 vault', () => {
  it('unwraps DKGA02 and DKGA04 vending keys into the keys the supplier wrapped', async () => {
    const context = 'transport:t1';
    const { sealed, publicKeyPem } = await vaults.vault.generateTransportKey(context);
    const transport: KeyRef = { sealed, context };
    for (const vk of KEYS) {
      const into = `vending:600700/${vk.dkga}`;
      const opened = await vaults.vault.unwrap(transport, wrap(publicKeyPem, vk.key), into);
      expect(opened.bytes).toBe(vk.key.length / 2);
      const ref = { sealed: opened.sealed, context: into, dkga: vk.dkga, baseYear: vk.baseYear };
      expect(await vaults.vault.checkValue(ref)).toBe(vendingKeyCheckValue(vk.dkga, vk.key));
      // Decoder keys derived from the unwrapped key match those derived from the key in clear.
      const clear = { ...ref, sealed: await software.seal(vk.key, into) };
      const request = {
        meterPAN: meterPanFromIain(iain(1)),
        sgc: '600700',
        krn: 1,
        kt: 2,
        ti: 1,
        ea: '07' as const,
      };
      const mine = await vaults.vault.derive(ref, request, 'meter:1');
      const theirs = await software.derive(clear, request, 'meter:1');
      // The token vault never lets a key out: it says whether its key is the one the software vault made.
      const expected = (await software.reveal?.({ sealed: theirs.sealed, context: 'meter:1' })) ?? '';
      expect(expected).toMatch(/^[0-9A-F]{16}$/);
      expect(await vaults.vault.matches({ sealed: mine.sealed, context: 'meter:1' }, expected)).toBe(true);
    }
  });

  it('refuses a wrapping made for another transport key, and a transport key named under another context', async () => {
    const a = await vaults.vault.generateTransportKey('transport:a');
    const b = await vaults.vault.generateTransportKey('transport:b');
    const wrapped = wrap(b.publicKeyPem, KEYS[0].key);
    await expect(
      vaults.vault.unwrap({ sealed: a.sealed, context: 'transport:a' }, wrapped, 'vending:x'),
    ).rejects.toThrow();
    await expect(
      vaults.vault.unwrap({ sealed: b.sealed, context: 'transport:a' }, wrapped, 'vending:x'),
    ).rejects.toThrow(/no transport key/);
  });

  it("keeps the transport key's private half in the token: sensitive, never extractable, not wrappable", async () => {
    await vaults.vault.generateTransportKey('transport:inside');
    const p11 = new pkcs11js.PKCS11();
    p11.load(token.config.module);
    const [slot] = p11.C_GetSlotList(true);
    const session = p11.C_OpenSession(slot as Buffer, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
    try {
      p11.C_FindObjectsInit(session, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY },
        { type: pkcs11js.CKA_LABEL, value: 'p11rsa:transport:inside' },
      ]);
      const [key] = p11.C_FindObjects(session, 2) as [Buffer];
      p11.C_FindObjectsFinal(session);
      expectKeyHeldInToken(p11, session, key, pkcs11js.CKA_PRIVATE_EXPONENT);
      const wrapper = aesWrappingKey(p11, session);
      expect(() =>
        p11.C_WrapKey(
          session,
          { mechanism: pkcs11js.CKM_AES_KEY_WRAP_PAD },
          wrapper,
          key,
          Buffer.alloc(4096),
        ),
      ).toThrow(/CKR_KEY_UNEXTRACTABLE/);
    } finally {
      p11.C_CloseSession(session);
    }
  });
});

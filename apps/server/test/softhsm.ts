import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pkcs11js from 'pkcs11js';
import { afterAll, beforeAll, expect } from 'vitest';
import { createKeyCipher } from '../src/modules/keystore/key-cipher.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import {
  openPkcs11Vault,
  type Pkcs11Config,
  type Pkcs11Vault,
} from '../src/modules/keystore/pkcs11-vault.js';

export const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';

/**
 * A SoftHSM2 token of its own in a temporary folder (SOFTHSM2_CONF points the library there; it is read
 * when the library initialises), with a user PIN in a file as production gives it.
 */
export function initSoftHsmToken(label = 'prepay-test'): {
  config: Pkcs11Config;
  pin: string;
  remove(): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'softhsm-'));
  const tokens = path.join(dir, 'tokens');
  mkdirSync(tokens);
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  process.env.SOFTHSM2_CONF = conf;
  const pin = '4711-test-pin';
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  execFileSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', label, '--so-pin', '0000-so', '--pin', pin],
    {
      env,
      stdio: 'pipe',
    },
  );
  const pinFile = path.join(dir, 'pin');
  writeFileSync(pinFile, `${pin}\n`, { mode: 0o600 });
  return {
    config: { module: SOFTHSM_MODULE, tokenLabel: label, pinFile },
    pin,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * For one suite: a SoftHSM2 token of its own with the PKCS#11 vault open on it (from beforeAll to afterAll),
 * and a software vault with a random key-encryption key to compare it with.
 */
export function softHsmVaults(label?: string) {
  const token = initSoftHsmToken(label);
  const software = cipherVault(createKeyCipher(randomBytes(32)));
  let opened: Pkcs11Vault | undefined;
  beforeAll(() => {
    opened = openPkcs11Vault(token.config);
  });
  afterAll(() => {
    opened?.close();
    token.remove();
  });
  return {
    token,
    software,
    get vault(): Pkcs11Vault {
      if (!opened) throw new Error('the PKCS#11 vault opens in beforeAll');
      return opened;
    },
  };
}

/**
 * A session AES-256 key allowed to wrap others: what an attacker holding a session would try to carry a
 * key out of the token under. The caller destroys it (or closes the session).
 */
export function aesWrappingKey(p11: pkcs11js.PKCS11, session: Buffer): Buffer {
  return p11.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
    { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
    { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
    { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
    { type: pkcs11js.CKA_TOKEN, value: false },
    { type: pkcs11js.CKA_WRAP, value: true },
    { type: pkcs11js.CKA_EXTRACTABLE, value: true },
  ]);
}

/**
 * Asserts a key is kept as the vaults keep theirs: sensitive, never extractable, a token object, and its
 * secret part (`secret`: CKA_VALUE, CKA_PRIVATE_EXPONENT) refused to whoever asks for it.
 */
export function expectKeyHeldInToken(
  p11: pkcs11js.PKCS11,
  session: Buffer,
  key: Buffer,
  secret: number,
): void {
  const attrs = p11.C_GetAttributeValue(session, key, [
    { type: pkcs11js.CKA_SENSITIVE },
    { type: pkcs11js.CKA_EXTRACTABLE },
    { type: pkcs11js.CKA_NEVER_EXTRACTABLE },
    { type: pkcs11js.CKA_TOKEN },
  ]);
  expect(attrs.map((a) => (a.value as Buffer)[0])).toEqual([1, 0, 1, 1]);
  expect(() => p11.C_GetAttributeValue(session, key, [{ type: secret }])).toThrow(/CKR_ATTRIBUTE_SENSITIVE/);
}

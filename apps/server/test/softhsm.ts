import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pkcs11Config } from '../src/modules/keystore/pkcs11-vault.js';

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

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Keys at rest are sealed with AES-256-GCM under one key-encryption key (KEK). The row's identity
 * (e.g. "meter:4700…") is the additional data, so a sealed key copied onto another row fails to open.
 * Format: "v1:" + base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
export interface KeyCipher {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export class KeyCipherError extends Error {}

export function createKeyCipher(kek: Buffer): KeyCipher {
  if (kek.length !== 32) throw new KeyCipherError('the key-encryption key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', kek, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith('v1:')) throw new KeyCipherError('unknown sealed-key format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', kek, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new KeyCipherError(
          'a stored key cannot be decrypted: KEY_ENCRYPTION_KEY (or DATA_DIR/master.key) is not the one it was stored with',
        );
      }
    },
  };
}

/** Only for processes without a data directory (tests, in-memory runs): lives as long as the process. */
let ephemeral: Buffer | undefined;

/**
 * The KEK: env KEY_ENCRYPTION_KEY (base64 of 32 bytes) wins; otherwise `<dataDir>/master.key`, created
 * once with mode 0600; without a data directory a per-process random key.
 */
export async function loadKeyEncryptionKey(opts: {
  env?: NodeJS.ProcessEnv;
  dataDir: string | undefined;
}): Promise<Buffer> {
  const fromEnv = (opts.env ?? process.env).KEY_ENCRYPTION_KEY?.trim();
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) {
      throw new KeyCipherError(`KEY_ENCRYPTION_KEY must be base64 of 32 bytes, got ${key.length} bytes`);
    }
    return key;
  }
  if (!opts.dataDir) {
    ephemeral ??= randomBytes(32);
    return ephemeral;
  }
  const file = path.join(opts.dataDir, 'master.key');
  try {
    return decodeKeyFile(await readFile(file, 'utf8'), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // "wx": if another process created it meanwhile, use theirs.
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(`${key.toString('base64')}\n`);
    await handle.close();
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return decodeKeyFile(await readFile(file, 'utf8'), file);
  }
}

function decodeKeyFile(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new KeyCipherError(`${file} does not hold a base64 32-byte key`);
  return key;
}

import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import {
  type DeriveRequest,
  deriveWithVendingKey,
  encodeKeyChangeWith,
  encodeKeyedToken,
  vendingKeyCheckValue,
} from '@prepay/sts';
import type { KeyRef, KeySource, KeyVault, VendingKeyRef } from '../../lib/key-vault.js';
import type { KeyCipher } from './key-cipher.js';

// The vault's interface lives in lib/ (the app is handed a vault without importing this module).
export type { KeyRef, KeySource, KeyVault, SealedKey, VendingKeyRef } from '../../lib/key-vault.js';

/** The derivation both vaults run once they hold the vending key in clear. */
export function deriveWith(
  vendingKey: string,
  ref: VendingKeyRef,
  request: DeriveRequest,
): { key: string; source: KeySource } {
  const vk = { dkga: ref.dkga, key: vendingKey, baseYear: ref.baseYear, sgc: request.sgc, krn: request.krn };
  return { key: deriveWithVendingKey(vk, request), source: ref.dkga === '02' ? 'DKGA02' : 'DKGA04' };
}

/** Compares two hex keys without leaking where they differ. */
export function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a.toUpperCase(), 'utf8');
  const y = Buffer.from(b.toUpperCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** RSA-OAEP as transport keys use it: SHA-1 and MGF1-SHA-1, which every PKCS#11 token can unwrap. */
export const TRANSPORT_OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' } as const;
const TRANSPORT_BITS = 2048;

/** The software vault's transport key: an RSA pair whose private half (PKCS#8 DER) is sealed like a key. */
function softwareTransportKey(cipher: KeyCipher, context: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: TRANSPORT_BITS });
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  try {
    return {
      sealed: cipher.seal(der.toString('hex').toUpperCase(), context),
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  } finally {
    der.fill(0);
  }
}

/** Opens a key wrapped under the software vault's transport key and seals it for `context`. */
function softwareUnwrap(cipher: KeyCipher, transport: KeyRef, wrapped: Uint8Array, context: string) {
  const der = Buffer.from(cipher.open(transport.sealed, transport.context), 'hex');
  let key: Buffer | undefined;
  try {
    key = privateDecrypt(
      { key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), ...TRANSPORT_OAEP },
      wrapped,
    );
    return { sealed: cipher.seal(key.toString('hex').toUpperCase(), context), bytes: key.length };
  } finally {
    der.fill(0);
    key?.fill(0);
  }
}

/** The software vault: keys sealed with AES-256-GCM under the key-encryption key (key-cipher.ts). */
export function cipherVault(cipher: KeyCipher): KeyVault {
  const open = (k: KeyRef) => cipher.open(k.sealed, k.context);
  return {
    async seal(plainHex, context) {
      return cipher.seal(plainHex.toUpperCase(), context);
    },
    async generate(bytes, context) {
      const key = randomBytes(bytes);
      try {
        return cipher.seal(key.toString('hex').toUpperCase(), context);
      } finally {
        key.fill(0);
      }
    },
    async derive(vendingKey, request, context) {
      const { key, source } = deriveWith(open(vendingKey), vendingKey, request);
      return { sealed: cipher.seal(key, context), source };
    },
    async reseal(key, context) {
      return cipher.seal(open(key), context);
    },
    async encode(key, token) {
      return encodeKeyedToken(open(key), token);
    },
    async encodeKeyChange(current, next, fields) {
      return encodeKeyChangeWith(open(current), open(next), fields);
    },
    async generateTransportKey(context) {
      return softwareTransportKey(cipher, context);
    },
    async unwrap(transport, wrapped, context) {
      return softwareUnwrap(cipher, transport, wrapped, context);
    },
    async checkValue(vendingKey) {
      return vendingKeyCheckValue(vendingKey.dkga, open(vendingKey));
    },
    async matches(key, candidateHex) {
      return sameKey(open(key), candidateHex);
    },
    async reveal(key) {
      return open(key);
    },
  };
}

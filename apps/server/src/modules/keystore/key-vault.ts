import { randomBytes, timingSafeEqual } from 'node:crypto';
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

import { timingSafeEqual } from 'node:crypto';
import {
  type BaseYear,
  type DeriveRequest,
  deriveWithVendingKey,
  encodeKeyChangeWith,
  encodeKeyedToken,
  type KeyChangeFields,
  type KeyedToken,
} from '@prepay/sts';
import type { KeyCipher } from './key-cipher.js';

/**
 * What the database holds for a key: a sealed blob (software vault) or a handle into an HSM — never
 * the key. The context (e.g. "meter:4700…") names the key's place; a vault refuses a key used under
 * another context, so a sealed key copied onto another row is useless.
 */
export type SealedKey = string;

export interface KeyRef {
  sealed: SealedKey;
  context: string;
}

export interface VendingKeyRef extends KeyRef {
  dkga: '02' | '04';
  baseYear: BaseYear;
}

/** Where a decoder key came from: typed/imported, or derived from the vending key. */
export type KeySource = 'given' | 'DKGA02' | 'DKGA04';

/**
 * Where keys live and every operation that needs one in clear happens. The key store (key-store.ts)
 * keeps the rows; a vault keeps the secrets. The software vault seals with AES-256-GCM; an HSM
 * implements the same operations on its own handles, and no service changes (see the HSM-like vault
 * in apps/server/test/hsm-like-vault.ts and the vend it runs).
 */
export interface KeyVault {
  /** Takes a key given in clear (typed by an operator, imported) and returns what to store. */
  seal(plainHex: string, context: string): Promise<SealedKey>;
  /** DKGA02/DKGA04 with a stored vending key; the decoder key comes back sealed for `context`. */
  derive(
    vendingKey: VendingKeyRef,
    request: DeriveRequest,
    context: string,
  ): Promise<{ sealed: SealedKey; source: KeySource }>;
  /** The same key under another context (a pending key becoming the meter's key). */
  reseal(key: KeyRef, context: string): Promise<SealedKey>;
  /** A token encrypted under the key. */
  encode(key: KeyRef, token: KeyedToken): Promise<string>;
  /** The key-change tokens that carry `next`, encrypted under `current`. */
  encodeKeyChange(current: KeyRef, next: KeyRef, fields: KeyChangeFields): Promise<string[]>;
  /** Whether the key is `candidateHex` (a key check: the key itself never comes out). */
  matches(key: KeyRef, candidateHex: string): Promise<boolean>;
  /**
   * The key in clear. Only a software vault has it (tests, key export from a closed system); an HSM
   * leaves it out, and nothing in the services calls it.
   */
  reveal?(key: KeyRef): Promise<string>;
}

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
    async matches(key, candidateHex) {
      return sameKey(open(key), candidateHex);
    },
    async reveal(key) {
      return open(key);
    },
  };
}

import type { BaseYear, DeriveRequest, KeyChangeFields, KeyedToken } from '@prepay/sts';

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
 * Where keys live and every operation that needs one in clear happens. The key store
 * (modules/keystore/key-store.repo.ts) keeps the rows; a vault keeps the secrets. The software vault
 * (modules/keystore/key-vault.ts) seals with AES-256-GCM; an HSM implements the same operations on its
 * own handles, and no service changes (see the HSM-like vault in apps/server/test/hsm-like-vault.ts and
 * the vend it runs).
 */
export interface KeyVault {
  /** Takes a key given in clear (typed by an operator, imported) and returns what to store. */
  seal(plainHex: string, context: string): Promise<SealedKey>;
  /**
   * A new random key of `bytes` bytes made by the vault's own generator and sealed for `context`: the
   * key ceremony's "generate inside the module", so no operator or request ever sees it.
   */
  generate(bytes: number, context: string): Promise<SealedKey>;
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
  /**
   * A new RSA-2048 transport key pair for importing keys wrapped by their supplier (a key management
   * centre): the private half stays in the vault (sealed for `context`, or an object inside the token);
   * the public half (SPKI PEM) is what the supplier wraps with.
   */
  generateTransportKey(context: string): Promise<{ sealed: SealedKey; publicKeyPem: string }>;
  /**
   * A key wrapped under a transport key (RSA-OAEP with SHA-1 and MGF1-SHA-1, the padding every PKCS#11
   * token offers) opened by the vault and sealed for `context`, with its length in bytes. A wrapping for
   * another transport key, or a damaged one, throws.
   */
  unwrap(
    transport: KeyRef,
    wrapped: Uint8Array,
    context: string,
  ): Promise<{ sealed: SealedKey; bytes: number }>;
  /** The vending key's check value (the key itself never comes out). */
  checkValue(vendingKey: VendingKeyRef): Promise<string>;
  /** Whether the key is `candidateHex` (a key check: the key itself never comes out). */
  matches(key: KeyRef, candidateHex: string): Promise<boolean>;
  /**
   * The key in clear. Only a software vault has it (tests, key export from a closed system); an HSM
   * leaves it out, and nothing in the services calls it.
   */
  reveal?(key: KeyRef): Promise<string>;
}

import { createHash, createPublicKey, randomUUID } from 'node:crypto';
import type { BaseYear } from '@prepay/sts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { keyTransportKeys } from '../../db/schema.js';
import type { KeyRef, KeyVault, SealedKey } from './key-vault.js';

/** A vending key's length in bytes by its derivation algorithm (DES for DKGA02, HMAC-SHA-1 for DKGA04). */
export const VENDING_KEY_BYTES = { '02': 8, '04': 20 } as const;

const transportContext = (keyId: string) => `transport:${keyId}`;

/** SHA-256 of the public key's SPKI DER, hex, upper case: how suppliers and imports name a transport key. */
export function transportFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').toUpperCase();
}

export type TransportKeyRow = typeof keyTransportKeys.$inferSelect;

/** A key unwrapped into the vault, sealed for its vending key's place; never in clear here. */
export interface UnwrappedKey {
  sealed: SealedKey;
  bytes: number;
  /** The check value of the key as unwrapped, to compare with the one its supplier states. */
  checkValue: string;
}

/**
 * The transport keys of wrapped key import: rows naming an RSA pair whose private half the vault holds.
 * The vault generates the pair and unwraps with it; this store keeps the rows.
 */
export class TransportKeyStore {
  constructor(
    private readonly q: Queryable,
    private readonly vault: KeyVault,
  ) {}

  async generate(createId: string | null): Promise<TransportKeyRow> {
    const keyId = randomUUID();
    const { sealed, publicKeyPem } = await this.vault.generateTransportKey(transportContext(keyId));
    const values = {
      keyId,
      fingerprint: transportFingerprint(publicKeyPem),
      publicKeyPem,
      keyEnc: sealed,
      createId,
    };
    const [row] = await this.q.insert(keyTransportKeys).values(values).returning();
    if (!row) throw new Error('the transport key was not stored');
    return row;
  }

  list(): Promise<TransportKeyRow[]> {
    return this.q.select().from(keyTransportKeys).orderBy(asc(keyTransportKeys.createDate));
  }

  async byFingerprint(fingerprint: string): Promise<TransportKeyRow | undefined> {
    const [row] = await this.q
      .select()
      .from(keyTransportKeys)
      .where(eq(keyTransportKeys.fingerprint, fingerprint.toUpperCase()));
    return row;
  }

  /**
   * Unwraps a vending key sent under `transport` and seals it for the vending key's `context`; undefined
   * when the wrapping does not open (made for another transport key, or damaged).
   */
  async unwrapVendingKey(
    transport: TransportKeyRow,
    wrapped: Uint8Array,
    key: { context: string; dkga: '02' | '04'; baseYear: BaseYear },
  ): Promise<UnwrappedKey | undefined> {
    const ref: KeyRef = { sealed: transport.keyEnc, context: transportContext(transport.keyId) };
    const opened = await this.vault.unwrap(ref, wrapped, key.context).catch(() => undefined);
    if (!opened) return undefined;
    // A check value is only defined for a key of the algorithm's length.
    if (opened.bytes !== VENDING_KEY_BYTES[key.dkga]) return { ...opened, checkValue: '' };
    const checkValue = await this.vault.checkValue({ sealed: opened.sealed, ...key });
    return { ...opened, checkValue };
  }
}

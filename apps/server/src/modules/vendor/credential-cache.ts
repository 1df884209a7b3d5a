import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { followNotices } from '../../kernel/notice-follower.js';
import type { VendorRecord } from './vendor.repo.js';

/** The channel the database announces changes to a vendor's row on (all but its balance). */
export const VENDOR_CREDENTIAL_CHANNEL = 'vendor_credential';
/** Bounds the memory: far more vendors than a utility has; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;
/** A verified secret is verified again with argon2 at least this often. */
const TTL_MS = 5 * 60_000;

interface Entry {
  /** HMAC of the secret that was verified, under this process's key: the plain secret is never kept. */
  mac: Buffer;
  vendor: VendorRecord;
  expires: number;
}

/**
 * Vendors' machine secrets verified in this process, so a channel request from a machine seen a moment
 * ago pays neither argon2id (about 25 ms of CPU) nor the vendor's read. Each entry is the vendor's row and
 * a keyed hash (HMAC-SHA-256, a random key per process) of the secret argon2 accepted; a request is served
 * from it only when its secret has the same hash. The database announces every change to a vendor's row
 * but the balance (a rotated secret, a disabled or deleted vendor; migration 0027) at commit, and each
 * notice drops that vendor at once; nothing is kept while the notices are not heard, and a read that a
 * notice overtook is not kept. The row's balance is stale by design: what needs it reads it.
 */
export function createCredentialCache(now: () => number = Date.now) {
  const key = randomBytes(32);
  const byVendor = new Map<string, Entry>();
  let live = false;
  let generation = 0;
  const macOf = (secret: string) => createHmac('sha256', key).update(secret, 'utf8').digest();
  return {
    /** The vendor whose secret this is, if it was verified here lately; else undefined (verify it). */
    get(vendorId: string, secret: string): VendorRecord | undefined {
      const e = live ? byVendor.get(vendorId) : undefined;
      if (!e) return undefined;
      if (e.expires <= now()) {
        byVendor.delete(vendorId);
        return undefined;
      }
      return timingSafeEqual(e.mac, macOf(secret)) ? e.vendor : undefined;
    },
    /** Where a vendor's read starts: pass it to `put` with what argon2 accepted. */
    mark: () => generation,
    put(vendor: VendorRecord, secret: string, mark: number) {
      if (!live || mark !== generation) return;
      byVendor.delete(vendor.vendorId);
      if (byVendor.size >= MAX_ENTRIES) {
        const oldest = byVendor.keys().next().value;
        if (oldest !== undefined) byVendor.delete(oldest);
      }
      byVendor.set(vendor.vendorId, { mac: macOf(secret), vendor, expires: now() + TTL_MS });
    },
    /** A notice: the vendor it names, or every vendor for '*'. */
    drop(payload: string) {
      generation++;
      if (payload === '*') byVendor.clear();
      else byVendor.delete(payload);
    },
    setLive(on: boolean) {
      generation++;
      live = on;
      if (!on) byVendor.clear();
    },
    has: (vendorId: string) => byVendor.has(vendorId),
  };
}
export type CredentialCache = ReturnType<typeof createCredentialCache>;

/** Listens for the database's vendor notices into `cache`, again after a loss; resolves to a stop. */
export const followCredentialNotices = (database: Pick<Database, 'notices'>, cache: CredentialCache) =>
  followNotices(database, VENDOR_CREDENTIAL_CHANNEL, cache);

import type { Deps } from '../../deps.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { UserContext } from '../../lib/user-context.js';
import type { CredentialCache } from './credential-cache.js';
import { channelError } from './ppu.errors.js';
import { findVendor, type VendorRecord } from './vendor.repo.js';

/** A vendor's machine, authenticated, acting for one station (the meter's) as a seller of its own. */
export interface ChannelCaller {
  vendor: VendorRecord;
  ctx: UserContext;
}

/** The seller id a vendor's records carry: never a user id (those have no colon). */
export const sellerIdOf = (vendorId: string) => `vendor:${vendorId}`;

/** The vendor a seller id names, or null for a user of the console. */
export const vendorOfSeller = (userId: string) => (userId.startsWith('vendor:') ? userId.slice(7) : null);

/** The caller as the vend pipeline sees it: a seller without a session, in the meter's station. */
export function callerIn(vendor: VendorRecord, stationId: string, ipAddress: string | null): ChannelCaller {
  const userId = sellerIdOf(vendor.vendorId);
  return {
    vendor,
    ctx: {
      user: {
        sessionId: userId,
        userId,
        roleId: '',
        roleName: 'vendor',
        roleContent: [],
        stationId,
        isSystemAdmin: false,
        mustChangePassword: false,
      },
      actor: { userId, stationId, ipAddress },
    },
  };
}

/** The vendor id and secret of an HTTP Basic header, or undefined when it is not one. */
function basicCredentials(header: string | undefined): { vendorId: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { vendorId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The vendor named by HTTP Basic credentials, or a 401: unknown, disabled, no secret or a wrong one. A
 * secret verified here lately is served from `cache` (credential-cache.ts); any other is read and checked
 * with argon2id, and kept when it passes.
 */
export async function authenticate(
  deps: Deps,
  cache: CredentialCache,
  header: string | undefined,
): Promise<VendorRecord> {
  const refused = channelError('INVALID_MERCHANT', 'Unauthorised', 401);
  const presented = basicCredentials(header);
  if (!presented) throw refused;
  const kept = cache.get(presented.vendorId, presented.secret);
  if (kept) return kept;
  const mark = cache.mark();
  const vendor = await findVendor(deps.database.db, presented.vendorId);
  if (!vendor?.enabled || !vendor.secretHash) throw refused;
  if (!(await verifyPassword(vendor.secretHash, presented.secret))) throw refused;
  cache.put(vendor, presented.secret, mark);
  return vendor;
}

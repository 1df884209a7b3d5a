import { and, eq, sql } from 'drizzle-orm';
import { authorizationProofs, authThrottle, users } from '../../db/schema.js';
import type { SessionUser } from '../../lib/user-context.js';

/**
 * A session's authorization proof as the session's own read finds it (vending/authorization-proof.ts has
 * the design and threat model). Every request reads its session; reading the proof in the same statement
 * spares each vend a statement of its own. Kept beside the request's user, never on it: the
 * digest is not a field anything could log or answer.
 */
export interface SessionProof {
  /** The proof's keyed digest; null when the session has none. */
  digest: string | null;
  expiresAt: Date | null;
  /** False once the authorization password changed after the proof was made. */
  hashCurrent: boolean | null;
  lockedUntil: Date | null;
  failures: number | null;
}

/**
 * The proof's columns for a select joined with `proofJoins`: the stored hash is compared with the proof's
 * tag in SQL (SHA-256, base64url without padding, as `tagOf` makes it), so the hash itself is not read.
 */
export const proofColumns = {
  digest: authorizationProofs.digest,
  expiresAt: authorizationProofs.expiresAt,
  hashCurrent: sql<
    boolean | null
  >`${authorizationProofs.hashTag} = translate(rtrim(encode(sha256(convert_to(${users.authorizationPasswordHash}, 'UTF8')), 'base64'), '='), '+/', '-_')`,
  lockedUntil: authThrottle.lockedUntil,
  failures: authThrottle.failures,
};

/** The left joins `proofColumns` reads from, for the session `sessionId` of user `userId` (users joined). */
export function proofJoins(sessionId: Parameters<typeof eq>[0], userId: Parameters<typeof eq>[0]) {
  return {
    proof: and(eq(authorizationProofs.sessionId, sessionId), eq(authorizationProofs.userId, userId)),
    throttle: and(eq(authThrottle.scope, 'authorization'), eq(authThrottle.subject, userId)),
  };
}

const bySessionUser = new WeakMap<object, SessionProof>();

/** Keeps the proof read with the session beside the request's user. */
export function keepSessionProof(user: SessionUser, proof: SessionProof): void {
  bySessionUser.set(user, proof);
}

/** The proof read with this user's session on this request, if the user came from a session read. */
export function sessionProofOf(user: object): SessionProof | undefined {
  return bySessionUser.get(user);
}

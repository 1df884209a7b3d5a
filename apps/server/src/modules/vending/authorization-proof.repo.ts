import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { authorizationProofs, authThrottle, users } from '../../db/schema.js';
import { proofColumns, proofJoins, type SessionProof } from '../auth/index.js';

/**
 * A session's proof with what voids it, for a user that did not come from a session read on this request
 * (a request's own user carries the proof its session read found: session-proof.ts).
 */
const proofOf = preparedPerDatabase((db) => {
  const joins = proofJoins(authorizationProofs.sessionId, authorizationProofs.userId);
  return db
    .select(proofColumns)
    .from(authorizationProofs)
    .innerJoin(users, eq(users.userId, authorizationProofs.userId))
    .leftJoin(authThrottle, joins.throttle)
    .where(
      and(
        eq(authorizationProofs.sessionId, sql.placeholder('sessionId')),
        eq(authorizationProofs.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('authorization_proof');
});

export async function readProof(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<SessionProof | undefined> {
  const [row] = await proofOf(db).execute({ sessionId, userId });
  return row;
}

/** Forgets the user's earlier wrong authorization passwords. */
export async function clearAuthorizationFailures(db: Db, userId: string) {
  await db
    .update(authThrottle)
    .set({ failures: 0, lockedUntil: null })
    .where(and(eq(authThrottle.scope, 'authorization'), eq(authThrottle.subject, userId)));
}

export interface ProofValues {
  sessionId: string;
  userId: string;
  digest: string;
  hashTag: string;
  expiresAt: Date;
}

/** Keeps the session's proof (replacing the one it had), dropping the user's proofs expired by `now`. */
export async function saveProof(db: Db, values: ProofValues, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .delete(authorizationProofs)
      .where(and(eq(authorizationProofs.userId, values.userId), lt(authorizationProofs.expiresAt, now)));
    await tx
      .insert(authorizationProofs)
      .values(values)
      .onConflictDoUpdate({
        target: authorizationProofs.sessionId,
        set: { digest: values.digest, hashTag: values.hashTag, expiresAt: values.expiresAt },
      });
  });
}

/** The user's authorization password hash as stored now. */
export async function authorizationHashOf(db: Db, userId: string): Promise<string | undefined> {
  const [current] = await db
    .select({ hash: users.authorizationPasswordHash })
    .from(users)
    .where(eq(users.userId, userId));
  return current?.hash;
}

/** Drops the session's proof and every proof expired by `now`. */
export async function dropProof(db: Db, sessionId: string, now: Date) {
  await db
    .delete(authorizationProofs)
    .where(or(eq(authorizationProofs.sessionId, sessionId), lt(authorizationProofs.expiresAt, now)));
}

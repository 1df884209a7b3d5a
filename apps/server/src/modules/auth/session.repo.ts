import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  authorizationProofs,
  authThrottle,
  roles,
  sessions,
  stations,
  systemSettings,
  users,
} from '../../db/schema.js';
import { proofColumns, proofJoins } from './session-proof.repo.js';

/** The JWT secret must be the same in every process, so it lives in the database unless configured. */
export async function loadSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
  if (!row) throw new Error('jwt secret missing after insert');
  return row.value;
}

const sessionProofJoins = proofJoins(sessions.sessionId, sessions.userId);

/**
 * The session behind a token's id, with what a request needs of its user, role and station, and the
 * session's authorization proof (session-proof.repo.ts). Every request reads it, so it is built and planned
 * once per database (db/prepared.ts).
 */
const sessionById = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      stationId: users.stationId,
      roleName: roles.name,
      roleContent: roles.content,
      isSystem: stations.isSystem,
      proof: proofColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .innerJoin(roles, eq(roles.roleId, sessions.roleId))
    .innerJoin(stations, eq(stations.stationId, users.stationId))
    .leftJoin(authorizationProofs, sessionProofJoins.proof)
    .leftJoin(authThrottle, sessionProofJoins.throttle)
    .where(eq(sessions.sessionId, sql.placeholder('sessionId')))
    .prepare('session_by_id'),
);

export async function findSession(db: Db, sessionId: string) {
  const [row] = await sessionById(db).execute({ sessionId });
  return row;
}
export type SessionRow = Awaited<ReturnType<typeof findSession>>;

export async function insertSession(q: Queryable, values: typeof sessions.$inferInsert) {
  await q.insert(sessions).values(values);
}

/** Ends the session (if it has not ended already). */
export async function revokeSession(q: Queryable, sessionId: string, now: Date) {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the user, except `keep` when given. */
export async function revokeSessionsOf(q: Queryable, userId: string, now: Date, keep?: string) {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep === undefined ? undefined : ne(sessions.sessionId, keep),
      ),
    );
}

/** Records that the session was used now. */
export async function touchSession(q: Queryable, sessionId: string, now: Date) {
  await q.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sessionId, sessionId));
}

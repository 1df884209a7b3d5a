import { randomUUID } from 'node:crypto';
import { ErrorCode, parseRoleContent } from '@prepay/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../../config.js';
import type { Database, Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { unauthenticated } from '../../lib/domain-errors.js';
import type { Sessions } from '../../lib/sessions.js';
import type { SessionUser } from '../../lib/user-context.js';
import {
  findSession,
  insertSession,
  loadSecret,
  revokeSession,
  revokeSessionsOf,
  type SessionRow,
  touchSession,
} from './session.repo.js';
import { createSessionCache, followSessionNotices } from './session-cache.js';
import { keepSessionProof } from './session-proof.repo.js';

export { loadSecret };

const ISSUER = 'prepayment-system';
/** Don't write last-seen on every request: a minute's precision is plenty for a 30-minute idle limit. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * A session serves a request while it is neither revoked, expired nor idle too long, and its user is
 * enabled. Idleness ends the session for good; use is recorded at most once a TOUCH_INTERVAL_MS.
 * Returns the row as it now stands (last seen moved when it was recorded).
 */
async function checkSession(db: Db, config: Config, now: Date, row: SessionRow): Promise<Row> {
  if (!row || row.session.revokedAt) throw unauthenticated('Your session has ended, please log in again');
  if (row.session.expiresAt <= now) throw unauthenticated('Your session has expired, please log in again');
  const { sessionId } = row.session;
  const idleMs = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleMs > config.idleTimeoutMinutes * 60_000) {
    await revokeSession(db, sessionId, now);
    throw unauthenticated('Your session ended after inactivity, please log in again');
  }
  if (row.status !== 0) throw unauthenticated('This user is disabled', ErrorCode.otherClientLoggedIn);
  if (idleMs <= TOUCH_INTERVAL_MS) return row;
  await touchSession(db, sessionId, now);
  return { ...row, session: { ...row.session, lastSeenAt: now } };
}

/**
 * A kept session read may serve this request without the database when nothing about it is due: not
 * expired and seen within TOUCH_INTERVAL_MS (so neither idleness nor recording its use is). Anything
 * else (a revoke, the user disabled, a role or proof change) dropped it from the cache already.
 */
const servesFromCache = (row: Row, now: Date) =>
  row.session.expiresAt > now && now.getTime() - row.session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS;

function userOf(row: Row, roleContent: string[] = parseRoleContent(row.roleContent)): SessionUser {
  const user: SessionUser = {
    sessionId: row.session.sessionId,
    userId: row.session.userId,
    roleId: row.session.roleId,
    roleName: row.roleName,
    roleContent,
    stationId: row.stationId,
    isSystemAdmin: row.isSystem,
    mustChangePassword: row.mustChangePassword,
  };
  keepSessionProof(user, row.proof);
  return user;
}

type Row = NonNullable<SessionRow>;

export type SessionService = Sessions & {
  /** Stops following the database's session notices (the app's close). */
  close(): Promise<void>;
};

export async function createSessionService(
  database: Pick<Database, 'db' | 'notices'>,
  config: Config,
  clock: Clock,
): Promise<SessionService> {
  const { db } = database;
  const cache = createSessionCache();
  const stopNotices = await followSessionNotices(database, cache);
  const roleContents = new WeakMap<Row, string[]>();
  const secret = await loadSecret(db, config.jwtSecret);
  const sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER });
  // Expiry is enforced from the session row (configurable, revocable), so the verifier checks only the signature.
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    ignoreExpiration: true,
  });

  return {
    /** Opens a session for the user in the given role and returns its bearer token. */
    async open(q: Queryable, userId: string, roleId: string, ipAddress: string | null): Promise<string> {
      const now = clock.now();
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + config.tokenTtlMinutes * 60_000);
      await insertSession(q, {
        sessionId,
        userId,
        roleId,
        ipAddress,
        createdAt: now,
        expiresAt,
        lastSeenAt: now,
      });
      return sign({
        jti: sessionId,
        sub: userId,
        RoleId: roleId,
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
    },

    /** Resolves a bearer token to its user, or throws 401 with the code the console answers with a re-login. */
    async resolve(token: string): Promise<SessionUser> {
      const now = clock.now();
      const kept = cache.get(token);
      if (kept && servesFromCache(kept, now)) return userOf(kept, roleContents.get(kept));
      let claims: { jti?: unknown };
      try {
        claims = verify(token) as { jti?: unknown };
      } catch {
        throw unauthenticated('Invalid token, please log in again', ErrorCode.illegalToken);
      }
      if (typeof claims.jti !== 'string')
        throw unauthenticated('Invalid token, please log in again', ErrorCode.illegalToken);
      const mark = cache.mark();
      const row = await checkSession(db, config, now, await findSession(db, claims.jti));
      const user = userOf(row);
      roleContents.set(row, user.roleContent);
      cache.put(token, row, mark);
      return user;
    },

    async revoke(q: Queryable, sessionId: string): Promise<void> {
      await revokeSession(q, sessionId, clock.now());
    },

    /** Ends every session of a user (password change, disable, delete), except `keep` when given. */
    async revokeAllOf(q: Queryable, userId: string, keep?: string): Promise<void> {
      await revokeSessionsOf(q, userId, clock.now(), keep);
    },

    close: stopNotices,
  };
}

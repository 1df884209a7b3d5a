import type { Database } from '../../db/client.js';
import { followNotices } from '../../kernel/notice-follower.js';
import type { SessionRow } from './session.repo.js';

/** The channel the database announces session changes on (migration 0023's triggers). */
export const SESSION_CHANNEL = 'session_cache';
/** Bounds the memory a flood of sign-ins can take; the oldest entry goes first. */
const MAX_ENTRIES = 20_000;

type Row = NonNullable<SessionRow>;

/**
 * Session reads kept in this process by token, so a request of a session seen a moment ago reads nothing.
 * The database announces every change to what a session read returns (a revoke, the user, their roles,
 * a role's permissions, the authorization proof or its lock) when it commits; each notice drops the
 * sessions of the user it names, or all of them. Nothing is kept while the notices are not heard (before
 * listening starts, after the connection was lost), and a read that a notice overtook is not kept.
 * The caller still checks expiry and idleness on every hit (session.service.ts).
 */
export function createSessionCache() {
  const byToken = new Map<string, Row>();
  let live = false;
  /** Counts the notices: a read that started before one of them may hold what it dropped. */
  let generation = 0;
  return {
    get: (token: string): Row | undefined => (live ? byToken.get(token) : undefined),
    /** Where a session read starts: pass it to `put` with what the read found. */
    mark: () => generation,
    put(token: string, row: Row, mark: number) {
      if (!live || mark !== generation) return;
      if (byToken.size >= MAX_ENTRIES && !byToken.has(token)) {
        const oldest = byToken.keys().next().value;
        if (oldest !== undefined) byToken.delete(oldest);
      }
      byToken.set(token, row);
    },
    /** A notice: the user's sessions, or every session for '*'. */
    drop(payload: string) {
      generation++;
      if (payload === '*') byToken.clear();
      else for (const [token, row] of byToken) if (row.session.userId === payload) byToken.delete(token);
    },
    setLive(on: boolean) {
      generation++;
      live = on;
      if (!on) byToken.clear();
    },
    size: () => byToken.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/** Listens for the database's session notices into `cache`, again after a loss; resolves to a stop. */
export const followSessionNotices = (database: Pick<Database, 'notices'>, cache: SessionCache) =>
  followNotices(database, SESSION_CHANNEL, cache);

import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { authThrottle } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

export type ThrottleScope = 'login-account' | 'login-address' | 'authorization';

export interface ThrottlePolicy {
  maxFailures: number;
  lockMinutes: number;
}

/** Back-off: each lockout in a row doubles the next one, up to a day. */
const MAX_LOCK_MINUTES = 24 * 60;
/** A quiet day forgets earlier failures and lockouts. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export interface FailureOutcome {
  /** Set when this failure (or an earlier one) locked the subject. */
  lockedUntil: Date | null;
  lockMinutes: number;
}

/**
 * Failed-attempt counters with lockout and back-off, kept in the database so that every server process
 * counts the same failures (nothing here lives only in memory).
 */
export function createThrottle(db: Queryable, clock: Clock) {
  async function lockedUntil(scope: ThrottleScope, subject: string): Promise<Date | null> {
    const [row] = await db
      .select({ lockedUntil: authThrottle.lockedUntil })
      .from(authThrottle)
      .where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, subject)));
    const until = row?.lockedUntil ?? null;
    return until && until > clock.now() ? until : null;
  }

  /** Failures counted since the last success or lockout (0 after a quiet day). */
  async function recentFailures(scope: ThrottleScope, subject: string): Promise<number> {
    const [row] = await db
      .select({ failures: authThrottle.failures, last: authThrottle.lastFailureAt })
      .from(authThrottle)
      .where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, subject)));
    if (!row?.last || row.last.getTime() < clock.now().getTime() - FORGET_AFTER_MS) return 0;
    return row.failures;
  }

  /** Counts one failure; the one that reaches the policy's limit locks the subject. */
  async function fail(
    q: Queryable,
    scope: ThrottleScope,
    subject: string,
    policy: ThrottlePolicy,
  ): Promise<FailureOutcome> {
    const now = clock.now();
    const stale = new Date(now.getTime() - FORGET_AFTER_MS);
    const [row] = await q
      .insert(authThrottle)
      .values({ scope, subject, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [authThrottle.scope, authThrottle.subject],
        set: {
          failures: sql`case when ${authThrottle.lastFailureAt} < ${stale} then 1 else ${authThrottle.failures} + 1 end`,
          lockouts: sql`case when ${authThrottle.lastFailureAt} < ${stale} then 0 else ${authThrottle.lockouts} end`,
          lastFailureAt: now,
        },
      })
      .returning();
    if (!row || policy.maxFailures <= 0 || row.failures < policy.maxFailures) {
      return { lockedUntil: null, lockMinutes: 0 };
    }
    const lockMinutes = Math.min(policy.lockMinutes * 2 ** row.lockouts, MAX_LOCK_MINUTES);
    const until = new Date(now.getTime() + lockMinutes * 60_000);
    await q
      .update(authThrottle)
      .set({ failures: 0, lockouts: row.lockouts + 1, lockedUntil: until })
      .where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, subject)));
    return { lockedUntil: until, lockMinutes };
  }

  /**
   * A success forgets the failures; the count of lockouts (the back-off) stays until a quiet day, so a
   * guesser who sits between the owner's logins still waits longer each time.
   */
  async function clear(q: Queryable, scope: ThrottleScope, subject: string): Promise<void> {
    await q
      .update(authThrottle)
      .set({ failures: 0, lockedUntil: null })
      .where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, subject)));
  }

  return { lockedUntil, recentFailures, fail, clear };
}

export type Throttle = ReturnType<typeof createThrottle>;

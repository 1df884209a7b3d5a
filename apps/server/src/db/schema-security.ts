import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Failed-attempt counters for logins (per account name, known or not, and per client address) and for
 * authorization passwords (per user). In the database, so every server process sees the same count.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    /** "login-account" | "login-address" | "authorization". */
    scope: text('scope').notNull(),
    /** The account name (lower-cased), the client address or the user id. */
    subject: text('subject').notNull(),
    failures: integer('failures').notNull().default(0),
    /** How many lockouts in a row: each one doubles the next lock (back-off). */
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastFailureAt: ts('last_failure_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] })],
);

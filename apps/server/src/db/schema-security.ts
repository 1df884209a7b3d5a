import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

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

/**
 * Login verification codes the server issued (captcha.service.ts): only an HMAC of the code is kept, a
 * challenge expires after a few minutes and is deleted by the first login that names it (single use).
 */
export const loginCaptchas = pgTable(
  'login_captchas',
  {
    captchaId: text('captcha_id').primaryKey(),
    /** HMAC-SHA256 of id and code under the server's captcha secret, hex. */
    codeHash: text('code_hash').notNull(),
    ipAddress: text('ip_address').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('login_captchas_address_idx').on(t.ipAddress, t.expiresAt)],
);

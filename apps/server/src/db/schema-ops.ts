import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { sessions } from './schema.js';

/**
 * A session's short-lived proof that it knows its user's authorization password (see
 * src/modules/vending/authorization-proof.ts for the design and threat model). In the database, so it
 * survives a restart and every process behind the load balancer honours (and revokes) the same proof.
 */
export const authorizationProofs = pgTable(
  'authorization_proofs',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** HMAC-SHA256 under a key derived from the KEK (never stored here) of session id + password. */
    digest: text('digest').notNull(),
    /** SHA-256 of the authorization password hash the proof was made against: a changed password voids it. */
    hashTag: text('hash_tag').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('authorization_proofs_user_idx').on(t.userId)],
);

import type { Queryable } from '../db/client.js';
import type { SessionUser } from './user-context.js';

/**
 * The signed-in sessions, as the rest of the server sees them: http/ resolves a bearer token with
 * them, services open and revoke them. The auth module implements this; what needs sessions is given
 * them (deps.sessions) instead of importing the module.
 */
export interface Sessions {
  /** Opens a session for the user under the role and returns its bearer token. */
  open(q: Queryable, userId: string, roleId: string, ipAddress: string | null): Promise<string>;
  /** The user behind a token; throws (unauthenticated) when the token is not a live session. */
  resolve(token: string): Promise<SessionUser>;
  revoke(q: Queryable, sessionId: string): Promise<void>;
  /** Ends every session of the user but `keep`. */
  revokeAllOf(q: Queryable, userId: string, keep?: string): Promise<void>;
}

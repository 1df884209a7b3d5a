/** Who did it and from where: the part of a request every audit row needs. */
export interface Actor {
  userId: string | null;
  stationId: string | null;
  ipAddress: string | null;
}

/** The signed-in user of a request, as the auth hook resolved it from the session. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  roleId: string;
  roleName: string;
  roleContent: string[];
  stationId: string;
  isSystemAdmin: boolean;
  /** A generated password must be replaced before anything but the profile is allowed. */
  mustChangePassword: boolean;
}

/**
 * What a service knows of the request it serves: who is signed in and who to audit — nothing of HTTP,
 * so services and repos never import http/. A route's AuthedContext is one.
 */
export interface UserContext {
  user: SessionUser;
  actor: Actor;
}

import type { AUTH_API, UserInfo } from '@prepay/contracts';
// Deep entries: the barrel would bring zod into the login page (bundle-size budget).
import { USER_PATHS } from '@prepay/contracts/api-paths';
import { grants, type PermissionKey, parseRoleContent } from '@prepay/contracts/permissions';
import { call, endpointAt } from './call';
import { COOKIE, forgetSession, isSignedIn, removeCookie, setCookie } from './cookies';
import { i18n } from './i18n';
import { RequestError } from './request';
import { createStore } from './store';

/** The session's calls, by path and typed by their declarations (the schemas stay out of the shell). */
const SESSION = {
  login: endpointAt<typeof AUTH_API.login>(USER_PATHS.login),
  info: endpointAt<typeof AUTH_API.info>(USER_PATHS.info),
  logout: endpointAt<typeof AUTH_API.logout>(USER_PATHS.logout),
  switchRole: endpointAt<typeof AUTH_API.switchRole>(USER_PATHS.switchRole),
};

/**
 * The signed-in user (spec §4). `info` is null until /api/user/info succeeds; the route guard fetches
 * it once per page load and after a role switch.
 */
export interface SessionState {
  /** A session cookie exists (the token itself is HttpOnly: this code never sees it). */
  signedIn: boolean;
  info: UserInfo | null;
  /** Increments on every reset and role switch, so views keyed on it start afresh. */
  generation: number;
}

export const sessionStore = createStore<SessionState>({ signedIn: isSignedIn(), info: null, generation: 0 });

/** Whether the signed-in role holds a permission key, as the server's gate reads the role content. */
export function useHasPermission(key: PermissionKey): boolean {
  return sessionStore.use((s) => grants(parseRoleContent(s.info?.roleContent), key));
}

const resetListeners = new Set<() => void>();
/** Lets the tags view (and other per-session state) clear itself on logout and role switch. */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}
function notifyReset() {
  for (const l of resetListeners) l();
}

/** The server's verification code as the user typed it (absent when the login page shows none). */
export interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

/**
 * Logs in; the server answers with the session as an HttpOnly cookie (the token in the answer is not
 * kept). Silent: the login page reports failures itself (a wrong code is translated there).
 */
export async function login(
  userId: string,
  password: string,
  captcha?: CaptchaAnswer,
): Promise<{ mustChangePassword: boolean }> {
  const result = await call(
    SESSION.login,
    { userId: userId.trim(), password: password.trim(), ...captcha },
    { silent: true },
  );
  if (!result?.token) throw new RequestError(i18n.t('login.hasError'), 200);
  setCookie(COOKIE.siteManager, userId.trim());
  sessionStore.set({ signedIn: true, info: null });
  return { mustChangePassword: result.mustChangePassword };
}

let pending: Promise<UserInfo> | null = null;

/**
 * Fetches the user info once (concurrent callers share the call). An empty result or an empty role
 * is a failure rather than a retry: a user with no role would otherwise be sent back to load it for ever.
 */
export function loadInfo(): Promise<UserInfo> {
  pending ??= call(SESSION.info, undefined, { silent: true })
    .then((info) => {
      if (!info?.roleName) throw new RequestError(i18n.t('login.verificationFailed'), 200);
      // The navbar label "<company>(<user>)" reads these, as in the original.
      setCookie(COOKIE.siteCom, info.company, 1);
      sessionStore.set({ info });
      return info;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Clears token, role and per-session state without calling the server (failed info, Re-Login). */
export function resetSession() {
  forgetSession();
  removeCookie(COOKIE.siteCom);
  sessionStore.set((s) => ({ signedIn: false, info: null, generation: s.generation + 1 }));
  notifyReset();
}

/** Spec §4: the server is called first; if it refuses, the user stays signed in (original G10). */
export async function logout() {
  await call(SESSION.logout);
  resetSession();
}

export async function switchRole(roleId: string): Promise<UserInfo> {
  const result = await call(SESSION.switchRole, { roleId });
  if (!result?.token) throw new RequestError(i18n.t('login.hasError'), 200);
  // The server moved the session cookie to the new role's session.
  sessionStore.set((s) => ({ signedIn: true, info: null, generation: s.generation + 1 }));
  notifyReset();
  return loadInfo();
}

/** Element-level rule (spec §6): true when the user's role is one of `roles`. */
export function hasRole(
  info: Pick<UserInfo, 'roleName' | 'roleId'> | null,
  roles: readonly string[],
): boolean {
  if (!info || roles.length === 0) return false;
  return roles.includes(info.roleName) || roles.includes(info.roleId);
}

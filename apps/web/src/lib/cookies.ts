import Cookies from 'js-cookie';

/** Cookie names shared with the original console, so an operator's browser state carries over. */
export const COOKIE = {
  token: 'token',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  size: 'size',
  siteCom: 'SiteCom',
  siteManager: 'SiteManager',
  signedIn: 'signedIn',
} as const;

/**
 * The session token is an HttpOnly cookie the server sets at login (scripts cannot read it, so a
 * script injected into the page cannot carry it away); the readable `signedIn` cookie beside it only
 * says that a session exists. The server clears both on logout and on a dead session.
 */
export const isSignedIn = (): boolean => Cookies.get(COOKIE.signedIn) === '1';
/** Forgets the session on this side (a readable token cookie from an older console goes too). */
export const forgetSession = () => {
  Cookies.remove(COOKIE.signedIn, { path: '/' });
  Cookies.remove(COOKIE.token, { path: '/' });
};

export const getCookie = (name: string): string | undefined => Cookies.get(name);
export const setCookie = (name: string, value: string, days?: number) =>
  Cookies.set(name, value, { path: '/', sameSite: 'Lax', ...(days ? { expires: days } : {}) });
export const removeCookie = (name: string) => Cookies.remove(name, { path: '/' });

import Cookies from 'js-cookie';

/** Cookie names shared with the original console, so an operator's browser state carries over. */
export const COOKIE = {
  token: 'token',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  size: 'size',
  siteCom: 'SiteCom',
  siteManager: 'SiteManager',
} as const;

export const getToken = (): string | undefined => Cookies.get(COOKIE.token) || undefined;
/** Session cookie: closing the browser ends the console session too. */
export const setToken = (token: string) => Cookies.set(COOKIE.token, token, { path: '/', sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(COOKIE.token, { path: '/' });

export const getCookie = (name: string): string | undefined => Cookies.get(name);
export const setCookie = (name: string, value: string, days?: number) =>
  Cookies.set(name, value, { path: '/', sameSite: 'Lax', ...(days ? { expires: days } : {}) });
export const removeCookie = (name: string) => Cookies.remove(name, { path: '/' });

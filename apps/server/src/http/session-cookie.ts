import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console's session lives in an HttpOnly cookie that scripts cannot read (OWASP ASVS V3.4), while
 * API clients keep the original's contract: the token in the login answer, sent back as
 * `Authorization: Bearer`.
 *
 * - `token` — the session JWT: HttpOnly, SameSite=Strict, Path=/, Secure when the request came over
 *   HTTPS (directly, or through a proxy saying X-Forwarded-Proto: https with TRUST_PROXY on). No
 *   expiry: closing the browser ends the console session.
 * - `signedIn=1` — readable, carries no secret: tells the console a session cookie exists.
 *
 * CSRF: SameSite=Strict keeps the cookie off cross-site requests, and a request authenticated by the
 * cookie must also carry `X-Requested-With: XMLHttpRequest` unless it is a GET/HEAD — a header no
 * cross-site form can send, and that a cross-origin script can only send after a CORS preflight this
 * server never grants. The cookie is only set for a login that carries the same header (no login CSRF).
 */
export const TOKEN_COOKIE = 'token';
export const SIGNED_IN_COOKIE = 'signedIn';
export const CONSOLE_HEADER = 'x-requested-with';
const CONSOLE_HEADER_VALUE = 'xmlhttprequest';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return value ? decodeURIComponent(value) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The request's session token and where it came from: the bearer header first, else the cookie. */
export function sessionTokenOf(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = readCookie(request, TOKEN_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The console marks its calls with X-Requested-With: XMLHttpRequest. */
export function isConsoleRequest(request: FastifyRequest): boolean {
  return String(request.headers[CONSOLE_HEADER] ?? '').toLowerCase() === CONSOLE_HEADER_VALUE;
}

/** A state-changing request authenticated by the cookie needs the console header (see above). */
export function needsCsrfHeader(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !isConsoleRequest(request);
}

function appendCookies(reply: FastifyReply, cookies: string[]) {
  const existing = reply.getHeader('set-cookie');
  const before = existing === undefined ? [] : [existing].flat().map(String);
  reply.header('set-cookie', [...before, ...cookies]);
}

const secure = (request: FastifyRequest) => (request.protocol === 'https' ? '; Secure' : '');

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  appendCookies(reply, [
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict${secure(request)}`,
    `${SIGNED_IN_COOKIE}=1; Path=/; SameSite=Strict${secure(request)}`,
  ]);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const gone = '=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict';
  appendCookies(reply, [
    `${TOKEN_COOKIE}${gone}; HttpOnly${secure(request)}`,
    `${SIGNED_IN_COOKIE}${gone}${secure(request)}`,
  ]);
}

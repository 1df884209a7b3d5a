import { ErrorCode } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { loginCaptchas, users } from '../src/db/schema.js';
import { originalOperations, resolve } from './conformance/original-document.js';
import { ADMIN_PASSWORD, createTestApp, USER_PASSWORD, userWithRole } from './harness.js';

/**
 * The server's login verification code ("the captcha is checked by the server") and the
 * console's HttpOnly session cookie with its CSRF rule, next to the original's header-token contract.
 */

interface Challenge {
  captchaId: string;
  image: string;
  expiresInSeconds: number;
  answer?: string;
}

const CONSOLE = { 'x-requested-with': 'XMLHttpRequest' };

async function open(overrides: Partial<Config> = {}) {
  const t = await createTestApp({ captchaRevealForTests: true, ...overrides });
  const send = (
    url: string,
    body: unknown,
    opts: { address?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...opts.headers },
      payload: JSON.stringify(body),
      ...(opts.address ? { remoteAddress: opts.address } : {}),
    });
  const challenge = async (address?: string) =>
    (await send('/api/user/captcha', {}, { address })).json().result as Challenge;
  const login = (body: Record<string, unknown>, address?: string, headers?: Record<string, string>) =>
    send('/api/user/login', body, { address, headers });
  return { t, send, challenge, login };
}

const codeOf = (r: LightMyRequestResponse) => r.json().code as number;
const cookiesOf = (r: LightMyRequestResponse) => [r.headers['set-cookie'] ?? []].flat().map(String);

describe('server-checked verification code', () => {
  let s: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    s = await open({ loginCaptchaAfterFailures: 3 });
    await userWithRole(s.t, { userId: 'clerk', content: 'Setting.Log' });
  });
  afterAll(() => s.t.close());

  it('issues an SVG drawn with paths (no text), stores only an HMAC with an expiry', async () => {
    const c = await s.challenge();
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(c.image.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<text|font/i);
    expect(c.answer).toMatch(/^\d{4}$/);
    const [row] = await s.t.database.db
      .select()
      .from(loginCaptchas)
      .where(eq(loginCaptchas.captchaId, c.captchaId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${c.answer}"`);
    expect(row && row.expiresAt.getTime() - s.t.clock.now().getTime()).toBe(300_000);
  });

  it('without CAPTCHA_REVEAL_FOR_TESTS the answer never leaves the server', async () => {
    const plain = await open({ captchaRevealForTests: false });
    const c = await plain.challenge();
    expect(c.answer).toBeUndefined();
    expect(Object.keys(c).sort()).toEqual(['captchaId', 'expiresInSeconds', 'image']);
    await plain.t.close();
  });

  it('a sent code is always checked, used once, and dies after five minutes', async () => {
    const wrong = await s.challenge();
    const bad = String((Number(wrong.answer) + 1) % 10_000).padStart(4, '0');
    const refused = await s.login({
      userId: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: wrong.captchaId,
      captchaCode: bad,
    });
    expect(refused.json()).toMatchObject({
      code: ErrorCode.captchaInvalid,
      reason: 'Verification code error',
    });
    // The wrong answer used the challenge up: its right code no longer works either.
    const retry = await s.login({
      userId: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: wrong.captchaId,
      captchaCode: wrong.answer,
    });
    expect(codeOf(retry)).toBe(ErrorCode.captchaInvalid);

    const good = await s.challenge();
    const body = {
      userId: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: good.captchaId,
      captchaCode: good.answer,
    };
    expect(codeOf(await s.login(body))).toBe(0);
    expect(codeOf(await s.login(body))).toBe(ErrorCode.captchaInvalid);

    const old = await s.challenge();
    s.t.clock.advanceMinutes(6);
    const late = {
      userId: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: old.captchaId,
      captchaCode: old.answer,
    };
    expect(codeOf(await s.login(late))).toBe(ErrorCode.captchaInvalid);
  });

  it('after 3 failures for a name — known or not, alike — that name needs the code; other clients do not', async () => {
    const address = '10.0.0.1';
    for (const name of ['clerk', 'ghost']) {
      for (let i = 0; i < 3; i++) {
        const r = await s.login({ userId: name, password: `Wrong#${i}` }, `10.0.1.${i}`);
        expect(r.json().reason).toBe('invalid username or password');
      }
    }
    const clerk = await s.login({ userId: 'clerk', password: USER_PASSWORD }, address);
    const ghost = await s.login({ userId: 'ghost', password: USER_PASSWORD }, address);
    expect(clerk.json()).toMatchObject({
      code: ErrorCode.captchaRequired,
      reason: 'Please enter the verification code',
    });
    expect(ghost.json()).toEqual(clerk.json());
    const c = await s.challenge(address);
    const solved = await s.login(
      { userId: 'clerk', password: USER_PASSWORD, captchaId: c.captchaId, captchaCode: c.answer },
      address,
    );
    expect(codeOf(solved)).toBe(0);
    // The success forgot the name's failures: the original's two-field body works again.
    expect(codeOf(await s.login({ userId: 'clerk', password: USER_PASSWORD }, address))).toBe(0);
  });

  it('says ahead whether the code is needed: not at first, for the name and address after 3 failures', async () => {
    const needed = async (body: object, address: string) =>
      (await s.send('/api/user/captcha/needed', body, { address })).json().result.needed as boolean;
    expect(await needed({}, '10.0.4.1')).toBe(false);
    expect(await needed({ userId: 'asker' }, '10.0.4.1')).toBe(false);
    for (let i = 0; i < 3; i++) await s.login({ userId: 'asker', password: `Wrong#${i}` }, `10.0.5.${i}`);
    expect(await needed({ userId: 'Asker' }, '10.0.4.1')).toBe(true);
    expect(await needed({}, '10.0.4.1')).toBe(false);
    for (let i = 0; i < 3; i++) await s.login({ userId: `nobody-n${i}`, password: 'Wrong#1' }, '10.0.4.2');
    expect(await needed({}, '10.0.4.2')).toBe(true);
  });

  it('after 3 failures from an address, every login from it needs the code', async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < 3; i++) await s.login({ userId: `nobody${i}`, password: 'Wrong#1' }, address);
    expect(codeOf(await s.login({ userId: 'admin', password: ADMIN_PASSWORD }, address))).toBe(
      ErrorCode.captchaRequired,
    );
    expect(codeOf(await s.login({ userId: 'admin', password: ADMIN_PASSWORD }, '10.0.2.2'))).toBe(0);
  });

  it('a client generated from the original OpenAPI (userId and password only) logs in by default', async () => {
    const op = originalOperations.find((o) => o.operationId === 'Login');
    expect(op?.body && Object.keys(resolve(op.body).properties ?? {}).sort()).toEqual(['password', 'userId']);
    const fresh = await open();
    const r = await fresh.t.app.inject({
      method: 'POST',
      url: op?.path ?? '/api/user/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(codeOf(r)).toBe(0);
    expect(typeof r.json().result.token).toBe('string');
    await fresh.t.close();
  });

  it('LOGIN_CAPTCHA_AFTER_FAILURES=0 demands the code on every login', async () => {
    const always = await open({ loginCaptchaAfterFailures: 0 });
    const asked = await always.send('/api/user/captcha/needed', {});
    expect(asked.json().result).toEqual({ needed: true });
    expect(codeOf(await always.login({ userId: 'admin', password: ADMIN_PASSWORD }))).toBe(
      ErrorCode.captchaRequired,
    );
    const c = await always.challenge();
    const ok = await always.login({
      userId: 'admin',
      password: ADMIN_PASSWORD,
      captchaId: c.captchaId,
      captchaCode: c.answer,
    });
    expect(codeOf(ok)).toBe(0);
    await always.t.close();
  });

  it('limits the open challenges of one address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await s.send('/api/user/captcha', {}, { address: '10.0.3.1' }));
    expect(answers.slice(0, 30).every((r) => codeOf(r) === 0)).toBe(true);
    expect(answers[30]?.json().reason).toMatch(/Too many verification codes/);
  });
});

describe('session cookie', () => {
  let s: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    s = await open({ trustProxy: true });
  });
  afterAll(() => s.t.close());

  const consoleLogin = async (headers: Record<string, string> = {}) => {
    const r = await s.login({ userId: 'admin', password: ADMIN_PASSWORD }, undefined, {
      ...CONSOLE,
      ...headers,
    });
    expect(codeOf(r)).toBe(0);
    return r;
  };
  const tokenCookie = (r: LightMyRequestResponse) =>
    cookiesOf(r)
      .find((c) => c.startsWith('token='))
      ?.split(';')[0] ?? '';

  it('the console gets an HttpOnly SameSite=Strict cookie, Secure only over HTTPS; API clients get none', async () => {
    const plain = await consoleLogin();
    const token = cookiesOf(plain).find((c) => c.startsWith('token=')) ?? '';
    expect(token).toMatch(/; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(token).not.toMatch(/Secure/);
    expect(cookiesOf(plain).find((c) => c.startsWith('signedIn='))).toBe(
      'signedIn=1; Path=/; SameSite=Strict',
    );
    // The original's contract is kept: the token is in the answer too.
    expect(tokenCookie(plain)).toBe(`token=${plain.json().result.token}`);

    const proxied = await consoleLogin({ 'x-forwarded-proto': 'https' });
    expect(cookiesOf(proxied).every((c) => c.endsWith('; Secure'))).toBe(true);

    const api = await s.login({ userId: 'admin', password: ADMIN_PASSWORD });
    expect(api.headers['set-cookie']).toBeUndefined();
  });

  it('X-Forwarded-Proto is believed only with TRUST_PROXY', async () => {
    const direct = await open();
    const r = await direct.login({ userId: 'admin', password: ADMIN_PASSWORD }, undefined, {
      ...CONSOLE,
      'x-forwarded-proto': 'https',
    });
    expect(cookiesOf(r).some((c) => /Secure/.test(c))).toBe(false);
    await direct.t.close();
  });

  it('a cookie-signed request must carry the console header (CSRF); the bearer header needs none', async () => {
    const cookie = tokenCookie(await consoleLogin());
    const info = await s.send('/api/user/info', {}, { headers: { cookie, ...CONSOLE } });
    expect(codeOf(info)).toBe(0);

    const forged = await s.send('/api/user/updateInfo', { nickName: 'forged' }, { headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().reason).toMatch(/must come from the console/);
    const [admin] = await s.t.database.db.select().from(users).where(eq(users.userId, 'admin'));
    expect(admin?.nickName).not.toBe('forged');

    const bearer = await s.t.login('admin', ADMIN_PASSWORD);
    const byHeader = await s.t.call('/api/user/updateInfo', { nickName: 'by bearer' }, bearer);
    expect(byHeader.code).toBe(0);
  });

  it('logout revokes the session and clears both cookies; a dead cookie is cleared with its 401', async () => {
    const cookie = tokenCookie(await consoleLogin());
    const out = await s.send('/api/user/logout', {}, { headers: { cookie, ...CONSOLE } });
    expect(codeOf(out)).toBe(0);
    const cleared = cookiesOf(out);
    expect(cleared.find((c) => c.startsWith('token='))).toMatch(/^token=; Path=\/; Max-Age=0;.*HttpOnly/);
    expect(cleared.find((c) => c.startsWith('signedIn='))).toMatch(/^signedIn=; Path=\/; Max-Age=0/);

    const after = await s.send('/api/user/info', {}, { headers: { cookie, ...CONSOLE } });
    expect(after.statusCode).toBe(401);
    expect(cookiesOf(after).find((c) => c.startsWith('token='))).toMatch(/Max-Age=0/);
  });

  it('a role switch through the cookie moves the cookie to the new session', async () => {
    const cookie = tokenCookie(await consoleLogin());
    const r = await s.send('/api/user/switchRole', { roleId: 'admin' }, { headers: { cookie, ...CONSOLE } });
    expect(codeOf(r)).toBe(0);
    const next = tokenCookie(r);
    expect(next).toBe(`token=${r.json().result.token}`);
    expect((await s.send('/api/user/info', {}, { headers: { cookie, ...CONSOLE } })).statusCode).toBe(401);
    expect(codeOf(await s.send('/api/user/info', {}, { headers: { cookie: next, ...CONSOLE } }))).toBe(0);
  });
});

import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasRole, loadInfo, login, logout, onSessionReset, sessionStore } from './session';

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 0, reason: 'success', message: 'success', result }), { status: 200 });

const info = {
  userId: 'admin',
  userName: 'admin',
  roleId: 'admin',
  roleName: 'admin',
  roleContent: 'Setting.User',
  company: 'ACB',
  roles: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session', () => {
  it('login trims, keeps no token where scripts read it; info loads once; logout clears everything', async () => {
    fetchMock.mockResolvedValueOnce(ok({ token: 't1', mustChangePassword: false }));
    await login('  admin ', ' secret ', { captchaId: 'c1', captchaCode: '1234' });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      userId: 'admin',
      password: 'secret',
      captchaId: 'c1',
      captchaCode: '1234',
    });
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    // The server set the HttpOnly cookie (and signedIn); the answer's token is not stored anywhere.
    expect(Cookies.get('token')).toBeUndefined();
    expect(JSON.stringify(sessionStore.get())).not.toContain('t1');
    expect(sessionStore.get().signedIn).toBe(true);

    fetchMock.mockResolvedValueOnce(ok(info));
    const [a, b] = await Promise.all([loadInfo(), loadInfo()]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(Cookies.get('SiteCom')).toBe('ACB');

    const reset = vi.fn();
    const off = onSessionReset(reset);
    fetchMock.mockResolvedValueOnce(ok(null));
    await logout();
    off();
    expect(Cookies.get('token')).toBeUndefined();
    expect(sessionStore.get().info).toBeNull();
    expect(reset).toHaveBeenCalledOnce();
  });

  it('empty user info fails with "Verification failed, please Login again."', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await expect(loadInfo()).rejects.toThrow('Verification failed, please Login again.');
    fetchMock.mockResolvedValueOnce(ok({ ...info, roleName: '' }));
    await expect(loadInfo()).rejects.toThrow('Verification failed, please Login again.');
  });

  it('hasRole is the element-level rule', () => {
    expect(hasRole(info, ['admin', 'editor'])).toBe(true);
    expect(hasRole({ ...info, roleName: 'vendor', roleId: 'vendor' }, ['admin', 'editor'])).toBe(false);
    expect(hasRole(info, [])).toBe(false);
    expect(hasRole(null, ['admin'])).toBe(false);
  });
});

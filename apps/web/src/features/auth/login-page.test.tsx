import { ErrorCode } from '@prepay/contracts/error-code';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, renderInApp } from '../../test/list-server';
import LoginPage from './login-page';

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

const envelope = (code: number, result: unknown, reason = 'success') =>
  new Response(JSON.stringify({ code, reason, message: reason, result }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * A server that answers whether the code is needed with `needed`, draws challenge "c1" (code 1234),
 * and answers logins from `logins` in turn (the last one repeats). Returns the requests, oldest first.
 */
function serveLogin(needed: boolean, logins: Array<() => Response>): Sent[] {
  const sent: Sent[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
      if (url.endsWith('/api/user/captcha/needed')) return envelope(0, { needed });
      if (url.endsWith('/api/user/captcha')) {
        return envelope(0, { captchaId: 'c1', image: 'data:image/svg+xml;base64,', expiresInSeconds: 120 });
      }
      const answer = logins[Math.min(next, logins.length - 1)];
      next++;
      return answer ? answer() : envelope(500, null, 'no answer');
    }),
  );
  return sent;
}

const refused = () => envelope(ErrorCode.captchaRequired, null, 'Please enter the verification code');
const signedIn = () => envelope(0, { token: 't', mustChangePassword: false });

function open() {
  renderInApp(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

const card = () => screen.getByTestId('login-container').querySelector('.login-card');
const logins = (sent: Sent[]) => sent.filter((s) => s.url.endsWith('/api/user/login'));

async function submit(code?: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret#2026' } });
  if (code) fireEvent.change(screen.getByTestId('login-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

cleanUpAfterEach();

// Rendering antd in jsdom takes seconds on a loaded machine.
describe('login page: the verification code only when the server asks', { timeout: 30_000 }, () => {
  it('shows no code when the server needs none, and the first login goes without one', async () => {
    const sent = serveLogin(false, [signedIn]);
    open();
    await waitFor(() => expect(card()?.getAttribute('data-captcha')).toBe('false'));
    expect(screen.queryByTestId('login-code')).toBeNull();
    await submit();
    await waitFor(() => expect(logins(sent)).toHaveLength(1));
    expect(logins(sent)[0]?.body).toEqual({ userId: 'admin', password: 'Secret#2026' });
    expect(sent.some((s) => s.url.endsWith('/api/user/captcha'))).toBe(false);
  });

  it('shows the code once a login is refused for want of it, and sends it with the next', async () => {
    const sent = serveLogin(false, [refused, signedIn]);
    open();
    await waitFor(() => expect(card()?.getAttribute('data-captcha')).toBe('false'));
    await submit();
    await waitFor(() => expect(screen.getByTestId('captcha')).toBeTruthy());
    expect(card()?.getAttribute('data-captcha')).toBe('true');
    await submit('1234');
    await waitFor(() => expect(logins(sent)).toHaveLength(2));
    expect(logins(sent)[1]?.body).toMatchObject({ captchaId: 'c1', captchaCode: '1234' });
  });

  it('shows the code from the start when the server says every login needs it', async () => {
    const sent = serveLogin(true, [signedIn]);
    open();
    await waitFor(() => expect(screen.getByTestId('captcha')).toBeTruthy());
    expect(screen.getByTestId('login-code')).toBeTruthy();
    await submit('1234');
    await waitFor(() => expect(logins(sent)).toHaveLength(1));
    expect(logins(sent)[0]?.body).toMatchObject({ captchaId: 'c1', captchaCode: '1234' });
  });
});

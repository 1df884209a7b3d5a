import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { feedbackSpy } from '../test/feedback-spy';
import { type Feedback, setFeedback } from './feedback';
import { REQUEST_TIMEOUT_MS, RequestError, request } from './request';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let error: Mock<Feedback['message']['error']>;
let confirm: Mock<Feedback['modal']['confirm']>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  error = vi.fn();
  confirm = vi.fn();
  setFeedback(feedbackSpy(error, confirm));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.ApiConfig = { Url: 'http://api.example/' };
  Cookies.remove('token', { path: '/' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setFeedback(null);
});

describe('request', () => {
  it('POSTs JSON to the runtime base URL with the console header (the session is the HttpOnly cookie)', async () => {
    Cookies.set('token', 'abc', { path: '/' });
    fetchMock.mockResolvedValue(json({ code: 0, reason: 'success', message: 'success', result: { ok: 1 } }));
    await expect(request('/api/user/info')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.example/api/user/info');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    // Even a readable token cookie left by an older console is not put into a header.
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, reason: 'success', message: '', result: null }));
    await request('/api/user/login', { userId: 'a' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('code ≠ 0: a red message with the reason for 5 s, then rejects', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 1, reason: 'invalid username or password', message: '', result: null }),
    );
    const err = await request('/api/user/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).code).toBe(1);
    expect(error).toHaveBeenCalledWith({ content: 'invalid username or password', duration: 5 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('50008/50012/50014 and HTTP 401 open "Confirm logout" once', async () => {
    fetchMock.mockImplementation(async () =>
      json({ code: 50014, reason: 'Session expired', message: '', result: null }, 401),
    );
    await Promise.allSettled([request('/api/a'), request('/api/b')]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenCalledTimes(1);
    const options = confirm.mock.calls[0]?.[0] as {
      title: string;
      content: string;
      okText: string;
      cancelText: string;
      afterClose: () => void;
    };
    expect(options.title).toBe('Confirm logout');
    expect(options.content).toBe(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    expect(options.okText).toBe('Re-Login');
    expect(options.cancelText).toBe('Cancel');
    options.afterClose();

    fetchMock.mockResolvedValue(new Response('nope', { status: 401 }));
    await expect(request('/api/c')).rejects.toThrow('Request failed with status code 401');
    expect(confirm).toHaveBeenCalledTimes(2);
    (confirm.mock.calls[1]![0] as { afterClose: () => void }).afterClose();
  });

  it('403 with an envelope shows the reason without the logout dialog', async () => {
    fetchMock.mockResolvedValue(json({ code: 403, reason: 'Forbidden', message: '', result: null }, 403));
    await expect(request('/api/role/read')).rejects.toThrow('Forbidden');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('network failures and HTTP errors without an envelope are shown for 5 s', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/api/x')).rejects.toThrow('Network Error');
    fetchMock.mockResolvedValue(new Response('<html>', { status: 500 }));
    await expect(request('/api/x')).rejects.toThrow('Request failed with status code 500');
    expect(error).toHaveBeenLastCalledWith({ content: 'Request failed with status code 500', duration: 5 });
  });

  it('times out after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const pending = request('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await pending) as Error).message).toBe('timeout of 10000ms exceeded');
  });

  it('silent calls leave reporting to the caller', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 50008, reason: 'Invalid token', message: '', result: null }, 401),
    );
    await expect(request('/api/user/info', undefined, { silent: true })).rejects.toThrow('Invalid token');
    expect(error).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});

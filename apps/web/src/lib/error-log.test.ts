import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackSpy } from '../test/feedback-spy';
import { addErrorLog, clearErrorLog, errorLogStore, isRealError } from './error-log';
import { setFeedback } from './feedback';
import { RequestError, request } from './request';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What antd's form.validateFields() rejects with when a field breaks its rule. */
const refusedForm = {
  values: { amount: '' },
  errorFields: [{ name: ['amount'], errors: ['Required'] }],
  outOfDate: false,
};

beforeEach(() => {
  // The log records in production builds only.
  vi.stubEnv('PROD', true);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  setFeedback(feedbackSpy());
  window.ApiConfig = { Url: 'http://api.example/' };
  clearErrorLog();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setFeedback(null);
});

describe('error log: real errors only', () => {
  it('tells refused forms and refused requests from real failures', () => {
    expect(isRealError(refusedForm)).toBe(false);
    expect(isRealError(new RequestError('Validation failed', 400, 40000))).toBe(false);
    expect(isRealError(new RequestError('Forbidden', 403, 40300))).toBe(false);
    expect(isRealError(new RequestError('Internal error', 500, 50000))).toBe(true);
    expect(isRealError(new RequestError('Network error', 0))).toBe(true);
    expect(isRealError(new TypeError('x is undefined'))).toBe(true);
  });

  it('keeps a rejected form and a 400 out of the log, and a 500 in it once', async () => {
    addErrorLog(refusedForm, 'unhandled rejection');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(
      json({ code: 40000, reason: 'Amount: must be a number', message: 'x', result: null }, 400),
    );
    const refused = await request('/api/x').catch((e: unknown) => e);
    addErrorLog(refused, 'unhandled rejection');
    expect(errorLogStore.get().entries).toEqual([]);

    fetchMock.mockResolvedValueOnce(
      json({ code: 50000, reason: 'Internal server error', message: 'x', result: null }, 500),
    );
    const failed = await request('/api/x').catch((e: unknown) => e);
    // The same failure surfacing again unhandled is not a second entry.
    addErrorLog(failed, 'unhandled rejection');
    const entries = errorLogStore.get().entries;
    expect(entries.map((e) => [e.message, e.info])).toEqual([['Internal server error', 'request']]);
  });
});

import type { Envelope } from '@prepay/contracts';
import { forgetSession } from './cookies';
import { addErrorLog } from './error-log';
import { feedback } from './feedback';
import { currentLanguage, i18n } from './i18n';
import { runtimeConfig } from './runtime-config';

/** Spec §9: request time-out and how long error messages stay. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const ERROR_MESSAGE_SECONDS = 5;
/** Codes that mean the session is gone (spec §8): the user is offered a fresh login. */
export const FORCED_LOGOUT_CODES: ReadonlySet<number> = new Set([50008, 50012, 50014]);
/**
 * Sent on every call: the server accepts a state-changing request signed in by the session cookie only
 * with this header (CSRF: no cross-site form can send it), and sets the cookie only for logins with it.
 */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'XMLHttpRequest' };

export class RequestError extends Error {
  /** Envelope code when the server answered with one. */
  readonly code: number | undefined;
  /** HTTP status, or 0 for network failures and time-outs. */
  readonly status: number;
  constructor(message: string, status: number, code?: number) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
  }
}

/**
 * A refusal whose figures came with it (`detail.key` names the sentence) in the reader's language; the
 * server's own reason (English, for API clients) when the console has no words for it.
 */
export function refusalInWords(detail: Record<string, unknown> | undefined): string | undefined {
  const key = typeof detail?.key === 'string' ? `request.refusal.${detail.key}` : null;
  return key && i18n.exists(key) ? i18n.t(key, detail) : undefined;
}

export interface RequestOptions {
  /** No toast and no logout dialog: the caller reports the failure itself (e.g. the route guard). */
  silent?: boolean;
  timeoutMs?: number;
}

let logoutDialogOpen = false;

/** The "Confirm logout" dialog; de-duplicated so a burst of failed calls opens it once. */
export function confirmLogout() {
  if (logoutDialogOpen) return;
  logoutDialogOpen = true;
  const t = i18n.t.bind(i18n);
  feedback().modal.confirm({
    title: t('request.confirmLogoutTitle'),
    content: t('request.confirmLogoutContent'),
    okText: t('request.reLogin'),
    cancelText: t('request.cancel'),
    onOk: () => {
      forgetSession();
      window.location.reload();
    },
    afterClose: () => {
      logoutDialogOpen = false;
    },
  });
}

function fail(error: RequestError, options: RequestOptions, offerLogout: boolean): never {
  // Server failures and an unreachable server go to the error log even when the caller handles them.
  addErrorLog(error, 'request');
  if (!options.silent) {
    feedback().message.error({ content: error.message, duration: ERROR_MESSAGE_SECONDS });
    if (offerLogout) confirmLogout();
  }
  throw error;
}

/**
 * POSTs JSON to the API and resolves to the envelope's `result` (null for calls without one).
 * Failures are shown to the user (unless silent) and rethrown as RequestError.
 */
export async function request<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    // The server writes its own sentences (task reasons, alarm details) in the console's language.
    'Accept-Language': currentLanguage(),
    ...CONSOLE_HEADERS,
  };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let response: Response;
  try {
    response = await fetch(`${runtimeConfig().apiUrl}${path}`, {
      method: 'POST',
      headers,
      // The session is the HttpOnly cookie; the console is served by the API's own origin.
      credentials: 'same-origin',
      // The server parses JSON bodies strictly: calls without a payload send an empty object.
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    const text = timedOut ? i18n.t('request.timeout', { ms: timeoutMs }) : i18n.t('request.networkError');
    return fail(new RequestError(text, 0), options, false);
  }

  let envelope: Partial<Envelope<T>> | null = null;
  try {
    envelope = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    envelope = null;
  } finally {
    clearTimeout(timer);
  }

  if (envelope && typeof envelope.code === 'number') {
    if (envelope.code === 0 && response.ok) return (envelope.result ?? null) as T;
    const reason =
      refusalInWords(envelope.detail) || envelope.reason || envelope.message || i18n.t('request.error');
    const offerLogout = FORCED_LOGOUT_CODES.has(envelope.code) || response.status === 401;
    return fail(new RequestError(reason, response.status, envelope.code), options, offerLogout);
  }
  const text = response.ok
    ? i18n.t('request.error')
    : i18n.t('request.httpStatus', { status: response.status });
  return fail(new RequestError(text, response.status), options, response.status === 401);
}

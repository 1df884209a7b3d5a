import { createStore } from './store';

export interface ErrorLogEntry {
  message: string;
  /** Where it happened: "React render", "window error", "unhandled rejection"… */
  info: string;
  url: string;
  stack: string;
  time: string;
}

export const errorLogStore = createStore<{ entries: ErrorLogEntry[] }>({ entries: [] });

/** Spec §9 "error logging in production" (settings.errorLog = 'production'). */
export const errorLogEnabled = (): boolean => import.meta.env.PROD;

/**
 * Whether a failure belongs in the log. Real errors are the console's own faults and the server's
 * (5xx, an unreachable server, a broken page); a user's form refused by its rules (antd's
 * validateFields rejects with `errorFields`) or a request the server refused as bad input (4xx, already
 * shown to the user where they typed) is the system working as meant, not an error to chase.
 */
export function isRealError(reason: unknown): boolean {
  if (reason === null || reason === undefined) return false;
  if (typeof reason === 'object' && Array.isArray((reason as { errorFields?: unknown }).errorFields)) {
    return false;
  }
  const r = reason as { name?: unknown; status?: unknown };
  if (r.name === 'RequestError' || r.name === 'FileRequestError') {
    const status = typeof r.status === 'number' ? r.status : 0;
    return status === 0 || status >= 500;
  }
  return true;
}

const logged = new WeakSet<Error>();

/** Keeps the last 100 errors so a long session cannot grow memory without bound. */
export function addErrorLog(error: unknown, info: string) {
  if (!isRealError(error)) return;
  const err = error instanceof Error ? error : new Error(String(error));
  // A server failure is logged where it is answered and may surface again as an unhandled rejection.
  if (logged.has(err)) return;
  logged.add(err);
  console.error(err);
  if (!errorLogEnabled()) return;
  const entry: ErrorLogEntry = {
    message: err.message,
    info,
    url: window.location.href,
    stack: err.stack ?? '',
    time: new Date().toISOString(),
  };
  errorLogStore.set((s) => ({ entries: [...s.entries, entry].slice(-100) }));
}

export function clearErrorLog() {
  errorLogStore.set({ entries: [] });
}

let installed = false;
/** Captures errors outside React's tree; the layout's error boundary captures render errors. */
export function installErrorLog() {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (e) => addErrorLog(e.error ?? e.message, 'window error'));
  // Refused forms and refused requests are filtered out by isRealError.
  window.addEventListener('unhandledrejection', (e) => addErrorLog(e.reason, 'unhandled rejection'));
}

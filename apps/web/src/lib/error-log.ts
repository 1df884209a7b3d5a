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

/** Keeps the last 100 errors so a long session cannot grow memory without bound. */
export function addErrorLog(error: unknown, info: string) {
  const err = error instanceof Error ? error : new Error(String(error));
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
  window.addEventListener('unhandledrejection', (e) => {
    // Failed API calls were already shown to the user by the request layer; do not log them twice.
    if ((e.reason as { name?: string } | null)?.name === 'RequestError') return;
    addErrorLog(e.reason, 'unhandled rejection');
  });
}

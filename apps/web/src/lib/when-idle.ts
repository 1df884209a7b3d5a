/** Cancels what `whenIdle` scheduled. */
export type Idle = (run: () => void) => () => void;

/**
 * Runs `run` when the main thread is idle, at the latest after two seconds (a loaded machine may never
 * be idle); a short timeout where the browser has no idle callback. Returns its cancel.
 */
export const whenIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
};

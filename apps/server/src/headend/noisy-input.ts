import type { Log } from './types.js';

/**
 * Logs bad input from the field at most `perMinute` times per kind each minute, then one line with the
 * count it held back: a flood of garbage must not flood the log (or block the event loop writing it).
 */
export function createNoisyInputLog(log: Log, perMinute = 10, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; logged: number; suppressed: number }>();
  return (kind: string, details: object, level: 'warn' | 'debug' = 'warn') => {
    const t = now();
    let w = windows.get(kind);
    if (!w || t - w.start >= 60_000) {
      if (w?.suppressed) log.warn({ kind, suppressed: w.suppressed }, 'head-end: more bad input held back');
      w = { start: t, logged: 0, suppressed: 0 };
      windows.set(kind, w);
    }
    if (w.logged >= perMinute) {
      w.suppressed++;
      return;
    }
    w.logged++;
    log[level]({ kind, ...details }, `head-end: ${kind}`);
  };
}
export type NoisyInputLog = ReturnType<typeof createNoisyInputLog>;

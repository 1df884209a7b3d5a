import { localDay } from '../../lib/dates.js';

/**
 * The days collection works in. Which day it is comes from the server's time zone (the process TZ, UTC
 * unless set — the same zone the reports group days in); a meter freezes at its own midnight, and the
 * freeze time read with each day tells which day a record belongs to. The arithmetic is lib/dates.ts's.
 */
export { addDays, addMonths, daysBetween, monthStart, monthsBetween } from '../../lib/dates.js';
export const today = (now: Date) => localDay(now);
/** The server-zone hour of `now` (0–23). */
export const hourOf = (now: Date) => now.getHours();

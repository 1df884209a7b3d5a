import { localDay } from '../../kernel/units.js';

/**
 * Calendar arithmetic on "yyyy-MM-dd" strings. Which day it is comes from the server's time zone (the
 * process TZ, UTC unless set — the same zone the reports group days in); a meter freezes at its own
 * midnight, and the freeze time read with each day tells which day a record belongs to.
 */
const DAY_MS = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const today = (now: Date) => localDay(now);
export const addDays = (day: string, n: number) => new Date(at(day) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((at(to) - at(from)) / DAY_MS);
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ((ty ?? 0) - (fy ?? 0)) * 12 + ((tm ?? 0) - (fm ?? 0));
}
export function addMonths(day: string, n: number): string {
  const d = new Date(at(monthStart(day)));
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}
/** The server-zone hour of `now` (0–23). */
export const hourOf = (now: Date) => now.getHours();
/** The start of `now`'s hour in the server's zone. */
export const hourStart = (now: Date) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), 0, 0, 0);

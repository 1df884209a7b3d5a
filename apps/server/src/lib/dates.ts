const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wire format "yyyy-MM-dd HH:mm:ss" in the server's local zone (set TZ to choose it). */
export function formatDateTime(d: Date | null | undefined): string | null {
  if (!d) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** Parses the wire format as local time; the contract has already checked the shape. */
export function parseDateTime(s: string): Date {
  const [date, time] = s.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  const result = new Date(y, m - 1, d, hh, mm, ss);
  if (result.getMonth() !== m - 1 || result.getDate() !== d) throw new RangeError(`invalid date ${s}`);
  return result;
}

/**
 * The audit columns of a stored row as the wire shows them. Like the original, updateDate is never
 * null: a row not changed since it was made was last updated then.
 */
export function auditStamps(r: {
  createId: string | null;
  createDate: Date;
  updateId: string | null;
  updateDate: Date | null;
}) {
  return {
    createId: r.createId,
    createDate: formatDateTime(r.createDate),
    updateId: r.updateId,
    updateDate: formatDateTime(r.updateDate ?? r.createDate),
  };
}

/**
 * The wire row of an audited record: the fields the row names as the record does, copied, and the
 * audit stamps (auditStamps). A mapper adds only what it converts (money, rates, other dates).
 */
export function auditedRow<T extends Parameters<typeof auditStamps>[0], K extends keyof T>(
  record: T,
  fields: readonly K[],
): Pick<T, K> & ReturnType<typeof auditStamps> {
  const copied = Object.fromEntries(fields.map((f) => [f, record[f]])) as Pick<T, K>;
  return { ...copied, ...auditStamps(record) };
}

/*
 * Calendar arithmetic, in one place. Days written "yyyy-MM-dd" are calendar days, with no zone: they are
 * added and compared as UTC midnights so that no daylight-saving shift can move them. A Date is an instant;
 * which day or hour it falls in is the server's zone (the process TZ, UTC unless set), the same zone the
 * reports group by.
 */
const DAY_MS = 86_400_000;
/** An hour in milliseconds, for instants (a Date's time) rather than calendar days. */
export const HOUR_MS = 3_600_000;
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The calendar day `n` days after `day` (before it when `n` is negative). */
export const addDays = (day: string, n: number) =>
  new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);

/** The first day of `day`'s month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `n` months after `day`'s. */
export function addMonths(day: string, n: number): string {
  const d = new Date(utcMidnight(monthStart(day)));
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar months from `from`'s month to `to`'s. */
export function monthsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

/** Days in a month (`month` 0–11, as Date counts them): the last day's number. */
export const daysInMonth = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

/** An instant's calendar day in the server's zone. */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** `hour` o'clock (default midnight) of a calendar day, in the server's zone. */
export function localTime(day: string, hour = 0, minute = 0): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d, hour, minute);
}

/** The start of an instant's hour in the server's zone. */
export const hourStart = (d: Date) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), 0, 0, 0);

/** The instant `n` hours after `d` (before it when negative): hour buckets, not wall-clock hours. */
export const addHours = (d: Date, n: number) => new Date(d.getTime() + n * HOUR_MS);

/**
 * The instant of a spreadsheet serial date: days (with a fraction for the time) since Excel's epoch, as
 * UTC — 1899-12-30 (serial 25569 is 1970-01-01), or 1904-01-01 for workbooks in the 1904 date system.
 */
export const fromExcelSerial = (serial: number, date1904 = false) =>
  new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * DAY_MS));

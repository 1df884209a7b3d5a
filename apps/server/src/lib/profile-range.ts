import { parseDateTime } from './dates.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The time range of a profile read as an operator types it in a reading task's data: two wire date-times,
 * from then to, separated by a comma or "~" (both ends included). Empty: the whole profile. Anything else
 * throws a RangeError saying what is wrong.
 */
export function parseProfileRange(text: string | null | undefined): { from: Date; to: Date } | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  const parts = t.split(/\s*[,~]\s*/);
  if (parts.length !== 2 || !parts.every((p) => DATE_TIME.test(p)))
    throw new RangeError('the range is two date-times "yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss" (from, to)');
  let from: Date;
  let to: Date;
  try {
    from = parseDateTime(parts[0] as string);
    to = parseDateTime(parts[1] as string);
  } catch {
    throw new RangeError('the range is two date-times "yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss" (from, to)');
  }
  if (to < from) throw new RangeError('the range ends before it starts');
  return { from, to };
}

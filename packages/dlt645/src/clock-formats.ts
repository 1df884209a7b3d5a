import {
  type ClockField,
  checkParts,
  clockBytes,
  clockParts,
  type DateParts,
  formatParts,
  toParts,
} from './clock.js';
import { FrameError } from './errors.js';
import { checkLength, type DecodedValue, type ItemValue, type ValueFormat } from './value-format.js';

const pad = (n: number) => n.toString().padStart(2, '0');

// The order each format sends its fields in: the lowest unit first.
const DATE_WW: readonly ClockField[] = ['weekday', 'day', 'month', 'year'];
const TIME: readonly ClockField[] = ['second', 'minute', 'hour'];
const DATE_TIME_5: readonly ClockField[] = ['minute', 'hour', 'day', 'month', 'year'];
const DATE_TIME_6: readonly ClockField[] = ['second', 'minute', 'hour', 'day', 'month', 'year'];
const DATE_WW_TIME: readonly ClockField[] = ['second', 'minute', 'hour', 'weekday', 'day', 'month', 'year'];

function parseDateTime(value: ItemValue, name: string): DateParts {
  // The decoded shapes ({ date, weekday } and { dateTime, weekday }) are accepted too: encode(decode(b)) = b.
  const v = decodedDateString(value) ?? value;
  if (v instanceof Date) return toParts(v);
  if (typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(v);
    if (m) {
      const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
      return checkParts({
        year: Number(y),
        month: Number(mo),
        day: Number(d),
        hour: Number(h),
        minute: Number(mi),
        second: Number(s),
      });
    }
  }
  throw new FrameError('bad-value', `${name} needs a Date or "YYYY-MM-DD hh:mm:ss"`);
}

function decodedDateString(v: ItemValue): string | undefined {
  if (typeof v !== 'object' || v === null || v instanceof Date || Array.isArray(v)) return undefined;
  const r = v as Readonly<Record<string, unknown>>;
  const s = r.dateTime ?? r.date;
  return typeof s === 'string' ? s : undefined;
}

function parseTime(v: ItemValue): { hour: number; minute: number; second: number } {
  if (typeof v === 'string') {
    const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(v);
    if (m)
      return checkParts({
        year: 2000,
        month: 1,
        day: 1,
        hour: Number(m[1]),
        minute: Number(m[2]),
        second: Number(m[3]),
      });
  }
  return parseDateTime(v, 'hhmmss');
}

/**
 * A clock format: its fields in the order the meter sends them (the byte length is their count), what a
 * value decodes to (`show`, from checked parts and the weekday sent), and how a value is read to encode.
 */
function clockFormat(
  name: string,
  fields: readonly ClockField[],
  show: (p: DateParts, weekday: number) => DecodedValue,
  read: (v: ItemValue) => DateParts = (v) => parseDateTime(v, name),
): ValueFormat {
  return {
    name,
    length: fields.length,
    decode(value) {
      checkLength(value, fields.length, name);
      const { weekday, ...parts } = clockParts(value, fields);
      return show(checkParts(parts), weekday);
    },
    encode: (v) => clockBytes(read(v), fields),
  };
}

/** Date + weekday: sent WW DD MM YY (WW 0 = Sunday). Decodes to { date: 'YYYY-MM-DD', weekday }. */
export const YYMMDDWW = clockFormat('YYMMDDWW', DATE_WW, (p, weekday) => ({
  date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
  weekday,
}));

/** Time: sent ss mm hh. Decodes to 'hh:mm:ss'. */
export const hhmmss = clockFormat(
  'hhmmss',
  TIME,
  (p) => `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
  (v) => ({ year: 2000, month: 1, day: 1, ...parseTime(v) }),
);

/** Date-time to the minute: sent mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm'. */
export const YYMMDDhhmm = clockFormat('YYMMDDhhmm', DATE_TIME_5, (p) => formatParts(p, false));

/** Date-time to the second: sent ss mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm:ss'. */
export const YYMMDDhhmmss = clockFormat('YYMMDDhhmmss', DATE_TIME_6, (p) => formatParts(p));

/** Date, weekday and time: sent ss mm hh WW DD MM YY. Decodes to { dateTime, weekday }. */
export const YYMMDDWWhhmmss = clockFormat('YYMMDDWWhhmmss', DATE_WW_TIME, (p, weekday) => ({
  dateTime: formatParts(p),
  weekday,
}));

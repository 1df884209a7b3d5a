import { fromBcdByte, toBcdByte } from './bcd.js';
import { checkParts, type DateParts, formatParts, toParts, weekday, yearByte } from './clock.js';
import { FrameError } from './errors.js';
import { checkLength, type ItemValue, type ValueFormat } from './value-format.js';

const pad = (n: number) => n.toString().padStart(2, '0');

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

/** Date + weekday: sent WW DD MM YY (WW 0 = Sunday). Decodes to { date: 'YYYY-MM-DD', weekday }. */
export const YYMMDDWW: ValueFormat = {
  name: 'YYMMDDWW',
  length: 4,
  decode(value) {
    checkLength(value, 4, 'YYMMDDWW');
    const [ww, dd, mm, yy] = [...value].map(fromBcdByte);
    const p = checkParts({
      year: 2000 + (yy ?? 0),
      month: mm ?? 0,
      day: dd ?? 0,
      hour: 0,
      minute: 0,
      second: 0,
    });
    return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, weekday: ww ?? 0 };
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDWW');
    return Uint8Array.of(toBcdByte(weekday(p)), toBcdByte(p.day), toBcdByte(p.month), yearByte(p.year));
  },
};

/** Time: sent ss mm hh. Decodes to 'hh:mm:ss'. */
export const hhmmss: ValueFormat = {
  name: 'hhmmss',
  length: 3,
  decode(value) {
    checkLength(value, 3, 'hhmmss');
    const [s, mi, h] = [...value].map(fromBcdByte);
    const p = checkParts({ year: 2000, month: 1, day: 1, hour: h ?? 0, minute: mi ?? 0, second: s ?? 0 });
    return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  },
  encode(v) {
    const p = parseTime(v);
    return Uint8Array.of(toBcdByte(p.second), toBcdByte(p.minute), toBcdByte(p.hour));
  },
};

/** Date-time to the minute: sent mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm'. */
export const YYMMDDhhmm: ValueFormat = {
  name: 'YYMMDDhhmm',
  length: 5,
  decode(value) {
    checkLength(value, 5, 'YYMMDDhhmm');
    const [mi, h, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: 0,
    };
    return formatParts(checkParts(p), false);
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDhhmm');
    return Uint8Array.of(
      toBcdByte(p.minute),
      toBcdByte(p.hour),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

/** Date-time to the second: sent ss mm hh DD MM YY. Decodes to 'YYYY-MM-DD hh:mm:ss'. */
export const YYMMDDhhmmss: ValueFormat = {
  name: 'YYMMDDhhmmss',
  length: 6,
  decode(value) {
    checkLength(value, 6, 'YYMMDDhhmmss');
    const [s, mi, h, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: s ?? 0,
    };
    return formatParts(checkParts(p));
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDhhmmss');
    return Uint8Array.of(
      toBcdByte(p.second),
      toBcdByte(p.minute),
      toBcdByte(p.hour),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

/** Date, weekday and time: sent ss mm hh WW DD MM YY. Decodes to { dateTime, weekday }. */
export const YYMMDDWWhhmmss: ValueFormat = {
  name: 'YYMMDDWWhhmmss',
  length: 7,
  decode(value) {
    checkLength(value, 7, 'YYMMDDWWhhmmss');
    const [s, mi, h, ww, d, mo, y] = [...value].map(fromBcdByte);
    const p = {
      year: 2000 + (y ?? 0),
      month: mo ?? 0,
      day: d ?? 0,
      hour: h ?? 0,
      minute: mi ?? 0,
      second: s ?? 0,
    };
    return { dateTime: formatParts(checkParts(p)), weekday: ww ?? 0 };
  },
  encode(v) {
    const p = parseDateTime(v, 'YYMMDDWWhhmmss');
    const hms = [p.second, p.minute, p.hour].map(toBcdByte);
    return Uint8Array.of(
      ...hms,
      toBcdByte(weekday(p)),
      toBcdByte(p.day),
      toBcdByte(p.month),
      yearByte(p.year),
    );
  },
};

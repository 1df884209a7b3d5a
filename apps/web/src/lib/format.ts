import { MONEY_DECIMALS } from '@prepay/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import './dayjs-locale';

type TimeInput = Date | number | string;

function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  let value: number | string = time;
  // A digits-only string is a timestamp; 10 digits are Unix seconds (spec §9).
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) value = Number(value.trim());
  if (typeof value === 'number')
    return new Date(String(Math.trunc(value)).length === 10 ? value * 1000 : value);
  return new Date(value);
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/**
 * UT1: formats with {y} {m} {d} {h} {i} {s} {a}; default "{y}-{m}-{d} {h}:{i}:{s}". Returns null for
 * no input or an unparseable one (the original threw on null).
 */
export function parseTime(time?: TimeInput | null, format = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  if (time === undefined || time === null || time === '') return null;
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return WEEKDAYS[value] ?? '';
    return String(value).padStart(2, '0');
  });
}

export interface TimeAgoLabels {
  justNow: string;
  minutesAgo: (n: number) => string;
  hoursAgo: (n: number) => string;
  oneDayAgo: string;
}

/** UT2: relative time for recent moments, else the date (parseTime with `format`, or "M-D H:m"). */
export function formatTime(
  time: TimeInput,
  labels: TimeAgoLabels,
  format?: string,
  now = Date.now(),
): string {
  const date = toDate(time);
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return labels.justNow;
  if (diff < 3600) return labels.minutesAgo(Math.ceil(diff / 60));
  if (diff < 3600 * 24) return labels.hoursAgo(Math.ceil(diff / 3600));
  if (diff < 3600 * 24 * 2) return labels.oneDayAgo;
  if (format) return parseTime(date, format) ?? '';
  return `${date.getMonth() + 1}-${date.getDate()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** UT3: "<n> minute(s)" / "hour(s)" / "day(s)" for a duration in seconds. */
export function timeAgo(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86400) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / 86400), 'day');
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** UT4: 10000 → "10k", 1234567 → "1.23M" (digits after the point, trailing zeros dropped). */
export function numberFormatter(num: number, digits = 2): string {
  for (const { value, symbol } of SI) {
    if (Math.abs(num) >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return String(num);
}

/** UT5: commas in the integer part only; not-a-number gives "0". */
export function toThousandFilter(num: number | string): string {
  const n = typeof num === 'number' ? num : Number(num);
  if (Number.isNaN(n) || (typeof num === 'string' && num.trim() === '')) return '0';
  const [int = '0', frac] = String(n).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

export type RangeDirection = 'past' | 'future';
export interface RangePreset {
  /** Locale key of the label. */
  labelKey: string;
  value: [Dayjs, Dayjs];
}

/**
 * UT7: "a week, a month, a year". Reports look back (Last Week…); expiry-style fields look ahead
 * (A Week Later…, the original's labels). Feed to antd RangePicker `presets` after translating.
 */
export function rangePresets(direction: RangeDirection = 'past', now: Dayjs = dayjs()): RangePreset[] {
  const spans: Array<[number, 'week' | 'month' | 'year', string, string]> = [
    [1, 'week', 'common.lastWeek', 'common.aWeekLater'],
    [1, 'month', 'common.lastMonth', 'common.aMonthLater'],
    [1, 'year', 'common.lastYear', 'common.aYearLater'],
  ];
  return spans.map(([n, unit, past, future]) =>
    direction === 'past'
      ? { labelKey: past, value: [now.subtract(n, unit).startOf('day'), now.endOf('day')] }
      : { labelKey: future, value: [now.startOf('day'), now.add(n, unit).endOf('day')] },
  );
}

/** A figure with `places` decimals; the server sends numbers, or strings from numeric columns. */
function fixed(v: unknown, places: number): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(places) : String(v);
}

/** Money always shows 2 places (contracts' MONEY_DECIMALS), energy 1 (0.1 kWh or m³). */
export const money = (v: unknown) => fixed(v, MONEY_DECIMALS);
export const energy = (v: unknown) => fixed(v, 1);

const INTL_LOCALE = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' } as const;

/**
 * A figure with the user's language's grouping and decimal marks ("12,345.60", "12.345,60"); `places`
 * fixes the decimals (money 2, energy 1), else up to 2 are kept. Empty or not a number gives "".
 */
export function formatNumber(v: unknown, places?: number, lang: keyof typeof INTL_LOCALE = 'en'): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  const digits =
    places === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: places, maximumFractionDigits: places };
  // es-ES groups four-digit numbers only from 10,000 by default; a cashier expects 6.000 too.
  return new Intl.NumberFormat(INTL_LOCALE[lang], { ...digits, useGrouping: 'always' }).format(n);
}

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  energy,
  formatNumber,
  formatTime,
  money,
  numberFormatter,
  parseTime,
  rangePresets,
  timeAgo,
  toThousandFilter,
} from './format';

describe('parseTime (UT1)', () => {
  const date = new Date(2018, 6, 13, 17, 54, 1);
  it('formats with the default pattern and custom ones', () => {
    expect(parseTime(date)).toBe('2018-07-13 17:54:01');
    expect(parseTime(date, '{y}/{m}/{d} {h}-{i}')).toBe('2018/07/13 17-54');
    expect(parseTime(date, '{a}')).toBe('五');
  });
  it('treats 10 digits as seconds, also as a string', () => {
    const seconds = Math.floor(date.getTime() / 1000);
    expect(parseTime(seconds)).toBe('2018-07-13 17:54:01');
    expect(parseTime(String(seconds))).toBe('2018-07-13 17:54:01');
    expect(parseTime(date.getTime())).toBe('2018-07-13 17:54:01');
  });
  it('returns null for no input or garbage', () => {
    expect(parseTime()).toBeNull();
    expect(parseTime(null)).toBeNull();
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('formatTime (UT2) and timeAgo (UT3)', () => {
  const labels = {
    justNow: 'just now',
    minutesAgo: (n: number) => `${n} minutes ago`,
    hoursAgo: (n: number) => `${n} hours ago`,
    oneDayAgo: '1 day ago',
  };
  const now = new Date(2024, 0, 10, 12, 0, 0).getTime();
  it('shows relative times for recent moments', () => {
    expect(formatTime(now - 10_000, labels, undefined, now)).toBe('just now');
    expect(formatTime(now - 90_000, labels, undefined, now)).toBe('2 minutes ago');
    expect(formatTime(now - 2 * 3600_000 - 1000, labels, undefined, now)).toBe('3 hours ago');
    expect(formatTime(now - 30 * 3600_000, labels, undefined, now)).toBe('1 day ago');
    expect(formatTime(now - 3 * 86400_000, labels, '{y}-{m}-{d}', now)).toBe('2024-01-07');
    expect(formatTime(Math.floor((now - 60_000) / 1000), labels, undefined, now)).toBe('1 minutes ago');
  });
  it('timeAgo picks minutes, hours or days with plurals', () => {
    expect(timeAgo(60)).toBe('1 minute');
    expect(timeAgo(180)).toBe('3 minutes');
    expect(timeAgo(7200)).toBe('2 hours');
    expect(timeAgo(86400)).toBe('1 day');
    expect(timeAgo(3 * 86400)).toBe('3 days');
  });
});

describe('numberFormatter (UT4) and toThousandFilter (UT5)', () => {
  it('shortens with k M G T P E', () => {
    expect(numberFormatter(10000, 2)).toBe('10k');
    expect(numberFormatter(1234567, 2)).toBe('1.23M');
    expect(numberFormatter(999, 2)).toBe('999');
    expect(numberFormatter(2.5e9, 1)).toBe('2.5G');
    expect(numberFormatter(3e12)).toBe('3T');
    expect(numberFormatter(4.2e15, 1)).toBe('4.2P');
    expect(numberFormatter(1e18)).toBe('1E');
  });
  it('adds thousands separators to the integer part only', () => {
    expect(toThousandFilter(10000)).toBe('10,000');
    expect(toThousandFilter(1234567.891)).toBe('1,234,567.891');
    expect(toThousandFilter(-1234)).toBe('-1,234');
    expect(toThousandFilter('abc')).toBe('0');
    expect(toThousandFilter(12)).toBe('12');
  });
});

describe('rangePresets (UT7)', () => {
  const now = dayjs('2024-03-15T10:00:00');
  it('looks back a week, a month and a year for reports', () => {
    const [week, month, year] = rangePresets('past', now);
    expect(week?.labelKey).toBe('common.lastWeek');
    expect(week?.value[0].format('YYYY-MM-DD')).toBe('2024-03-08');
    expect(month?.value[0].format('YYYY-MM-DD')).toBe('2024-02-15');
    expect(year?.value[0].format('YYYY-MM-DD')).toBe('2023-03-15');
    expect(year?.value[1].format('YYYY-MM-DD HH:mm:ss')).toBe('2024-03-15 23:59:59');
  });
  it('looks ahead for the original "A Week Later" shortcuts', () => {
    const [week] = rangePresets('future', now);
    expect(week?.labelKey).toBe('common.aWeekLater');
    expect(week?.value[0].format('YYYY-MM-DD HH:mm:ss')).toBe('2024-03-15 00:00:00');
    expect(week?.value[1].format('YYYY-MM-DD')).toBe('2024-03-22');
  });
});

describe('money and energy', () => {
  it('show 2 and 1 places for numbers and numeric strings, nothing for no value', () => {
    expect(money(350)).toBe('350.00');
    expect(money('350.5')).toBe('350.50');
    expect(money(null)).toBe('');
    expect(money('n/a')).toBe('n/a');
    expect(energy('12')).toBe('12.0');
  });
});

describe('formatNumber', () => {
  it('groups thousands in the user language and fixes the places asked for', () => {
    expect(formatNumber(1234567.5, 2, 'en')).toBe('1,234,567.50');
    expect(formatNumber('6000', 2, 'es')).toBe('6.000,00');
    expect(formatNumber(1800, undefined, 'zh')).toBe('1,800');
    expect(formatNumber(12.345, 1, 'en')).toBe('12.3');
  });
  it('gives nothing for no value', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('')).toBe('');
  });
});

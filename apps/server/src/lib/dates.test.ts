import { describe, expect, it } from 'vitest';
import {
  addDays,
  addHours,
  addMonths,
  daysBetween,
  daysInMonth,
  fromExcelSerial,
  hourStart,
  localDay,
  localTime,
  monthStart,
  monthsBetween,
} from './dates.js';

describe('calendar days ("yyyy-MM-dd")', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Days that hold a daylight-saving change in many zones are still one day long.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('counts days and months between two days', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
    expect(monthsBetween('2025-11-30', '2026-02-01')).toBe(3);
    expect(monthsBetween('2026-02-01', '2026-02-28')).toBe(0);
  });

  it('moves by months from the first of the month, so a 31st never skips one', () => {
    expect(monthStart('2026-11-28')).toBe('2026-11-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
    expect(addMonths('2026-11-28', 14)).toBe('2028-01-01');
  });

  it('knows the last day of each month', () => {
    expect(daysInMonth(2026, 1)).toBe(28);
    expect(daysInMonth(2028, 1)).toBe(29);
    expect(daysInMonth(2026, 3)).toBe(30);
    expect(daysInMonth(2026, 11)).toBe(31);
  });
});

describe('instants in the server zone', () => {
  it('turns a day and hour into a local instant and back', () => {
    const at = localTime('2026-11-28', 13, 45);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2026, 10, 28, 13, 45,
    ]);
    expect(localDay(at)).toBe('2026-11-28');
    expect(localTime('2026-11-28').getHours()).toBe(0);
  });

  it('buckets by hour: the start of an hour, and whole hours before and after', () => {
    const at = new Date(2026, 10, 28, 0, 59, 59, 999);
    expect(hourStart(at)).toEqual(new Date(2026, 10, 28, 0, 0, 0, 0));
    expect(addHours(hourStart(at), -1).getTime()).toBe(new Date(2026, 10, 28).getTime() - 3_600_000);
    expect(localDay(addHours(hourStart(at), -1))).toBe(addDays('2026-11-28', -1));
    expect(addHours(at, 2).getTime() - at.getTime()).toBe(7_200_000);
  });
});

describe('spreadsheet serial dates', () => {
  it('counts days (and the fraction for the time) from the 1900 or the 1904 epoch, as UTC', () => {
    expect(fromExcelSerial(25569).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(fromExcelSerial(46354.5).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(fromExcelSerial(44892.5, true).toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });
});

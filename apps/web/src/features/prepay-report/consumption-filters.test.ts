import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toWire } from './consumption-filters';

describe('Consumption Statistics date range', () => {
  it('daily: the first second of the first day to the last second of the last day', () => {
    expect(toWire([dayjs('2026-02-03'), dayjs('2026-02-28')], false)).toEqual([
      '2026-02-03 00:00:00',
      '2026-02-28 23:59:59',
    ]);
  });

  it('monthly: whole months, the last day of a month included (leap February too)', () => {
    expect(toWire([dayjs('2028-02-17'), dayjs('2028-02-17')], true)).toEqual([
      '2028-02-01 00:00:00',
      '2028-02-29 23:59:59',
    ]);
    expect(toWire([dayjs('2026-11-05'), dayjs('2026-12-01')], true)).toEqual([
      '2026-11-01 00:00:00',
      '2026-12-31 23:59:59',
    ]);
  });

  it('an open end stays open, and no dates means no range', () => {
    expect(toWire([null, dayjs('2026-03-10')], false)).toEqual([null, '2026-03-10 23:59:59']);
    expect(toWire(null, true)).toBeNull();
    expect(toWire([null, null], false)).toBeNull();
  });
});

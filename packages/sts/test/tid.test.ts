import { describe, expect, it } from 'vitest';
import {
  allocateTid,
  formatTid,
  isKeyExpired,
  kenForExpiry,
  lastTidForKen,
  nextTid,
  tidFromDate,
} from '../src/index.js';

describe('TID allocation', () => {
  it('the last TID of each base date falls on 24 Nov of base+31 at 20:15', () => {
    expect(formatTid(0xffffff, 1993)).toBe('2024-11-24 20:15');
    expect(formatTid(0xffffff, 2014)).toBe('2045-11-24 20:15');
    expect(formatTid(0xffffff, 2035)).toBe('2066-11-24 20:15');
    expect(tidFromDate('2035-01-01 08:05', 2035)).toBe(485); // CTSA25-8
  });

  it('several tokens in one minute get increasing TIDs (CTSA09-2)', () => {
    expect(nextTid(5911200, undefined)).toBe(5911200);
    expect(nextTid(5911201, 5911201)).toBe(5911202);
    expect(allocateTid({ at: '2004-03-29 00:01', baseYear: 1993, lastTid: 5911201 })).toBe(5911202);
    expect(() => allocateTid({ at: '2004-04-01 09:30', baseYear: 1993, ken: 85 })).toThrow(/KEN 85/);
    expect(lastTidForKen(85)).toBe(5636095);
  });

  it('Date inputs use UTC, so a DST change cannot repeat TIDs', () => {
    expect(tidFromDate(new Date('2020-01-01T08:00:59Z'), 2014)).toBe(3155520);
  });

  it("a key's expiry date gives the KEN that keeps it usable through that whole day, and not a block after", () => {
    const ken = kenForExpiry('2030-06-30', 2014);
    const lastMinute = tidFromDate('2030-06-30 23:59', 2014);
    expect(ken).toBe(lastMinute >>> 16);
    expect(isKeyExpired(lastMinute, ken)).toBe(false);
    expect(isKeyExpired(lastTidForKen(ken) + 1, ken)).toBe(true);
    // Past the base date's last TID the key cannot expire within the base date.
    expect(kenForExpiry('2050-01-01', 2014)).toBe(255);
    expect(() => kenForExpiry('2013-12-31', 2014)).toThrow(/before the base date 2014-01-01/);
    expect(() => kenForExpiry('30/06/2030', 2014)).toThrow(/yyyy-MM-dd/);
  });
});

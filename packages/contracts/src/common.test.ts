import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateRange, DateTimeInput, ReadRequestBase, sameFields, textFilters } from './common.js';
import { MeterRow } from './meter.js';
import { nextKey } from './sts-key.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** The wire form of an instant in this process's zone (what a zoned input is converted to). */
const local = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;

describe('DateTimeInput (request date-times as the original clients send them)', () => {
  it('takes the original wire form and ISO 8601 without a zone as they are', () => {
    expect(DateTimeInput.parse('2026-01-31 08:05:09')).toBe('2026-01-31 08:05:09');
    expect(DateTimeInput.parse('2026-01-31T08:05:09')).toBe('2026-01-31 08:05:09');
    expect(DateTimeInput.parse('2026-01-31T08:05:09.1234567')).toBe('2026-01-31 08:05:09');
    expect(DateTimeInput.parse('2026-01-31T08:05')).toBe('2026-01-31 08:05:00');
    expect(DateTimeInput.parse('2026-01-31')).toBe('2026-01-31 00:00:00');
  });

  it('converts a zoned ISO 8601 instant to local time', () => {
    expect(DateTimeInput.parse('2026-01-31T08:05:09Z')).toBe(local(new Date(Date.UTC(2026, 0, 31, 8, 5, 9))));
    expect(DateTimeInput.parse('2026-01-31T08:05:09+01:00')).toBe(
      local(new Date(Date.UTC(2026, 0, 31, 7, 5, 9))),
    );
    expect(DateTimeInput.parse('2026-01-31T08:05:09.000-0530')).toBe(
      local(new Date(Date.UTC(2026, 0, 31, 13, 35, 9))),
    );
  });

  it('refuses impossible and malformed date-times', () => {
    for (const bad of [
      '2026-02-30 00:00:00',
      '2026-02-29T00:00:00',
      '2026-13-01 00:00:00',
      '2026-04-31',
      '2026-01-01 24:00:00',
      '2026-01-01 23:60:00',
      '2026-01-01 23:59:60',
      '01/02/2026',
      'yesterday',
      '',
    ]) {
      expect(DateTimeInput.safeParse(bad).success, bad).toBe(false);
    }
    expect(DateTimeInput.parse('2028-02-29 12:00:00')).toBe('2028-02-29 12:00:00');
  });

  it('reads ranges with either spelling and names the bad end', () => {
    expect(DateRange.parse(['2026-01-01T00:00:00', '2026-01-31 23:59:59'])).toEqual([
      '2026-01-01 00:00:00',
      '2026-01-31 23:59:59',
    ]);
    expect(DateRange.parse(['2026-01-01T00:00:00'])).toEqual(['2026-01-01 00:00:00', null]);
    const bad = ReadRequestBase.safeParse({ createDateRange: ['2026-01-01', '2026-02-30T00:00:00'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['createDateRange', 1]);
  });
});

describe('textFilters (the text filters of a grid read)', () => {
  const Read = ReadRequestBase.extend(textFilters('customerId', 'remark'));

  it('takes each filter as text, null or absent', () => {
    expect(Read.parse({ customerId: 'C1', remark: null })).toMatchObject({ customerId: 'C1', remark: null });
    expect(Read.parse({})).not.toHaveProperty('customerId');
  });

  it('refuses a filter that is not text', () => {
    expect(Read.safeParse({ customerId: 7 }).success).toBe(false);
  });
});

describe('sameFields and nextKey (field groups spread into wire objects)', () => {
  it('declares the fields in the order given, each with its own schema', () => {
    const fields = sameFields(['en', 'zh', 'es'], () => z.string().nullable());
    expect(Object.keys(fields)).toEqual(['en', 'zh', 'es']);
    expect(fields.en).not.toBe(fields.zh);
    expect(z.object(fields).parse({ en: 'a', zh: null, es: 'c' })).toEqual({ en: 'a', zh: null, es: 'c' });
  });

  it('names the next key after the current one, field for field and in the same order', () => {
    const current = { sgc: z.string(), krn: z.number() };
    const next = nextKey(current);
    expect(Object.keys(next)).toEqual(['sgcNew', 'krnNew']);
    expect(next.krnNew).toBe(current.krn);
    expect(Object.keys(MeterRow.shape).filter((k) => /^(baseYear|sgc|krn|ken|ti|kt)/.test(k))).toEqual([
      'baseYear',
      'sgc',
      'krn',
      'ken',
      'ti',
      'kt',
      'baseYearNew',
      'sgcNew',
      'krnNew',
      'kenNew',
      'tiNew',
      'ktNew',
    ]);
  });
});

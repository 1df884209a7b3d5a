import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DlmsData,
  DlmsError,
  decodeData,
  decodeDateTime,
  encodeData,
  encodeDateTime,
  formatObis,
  hex,
  normalizeObis,
  obisFromBytes,
  obisToBytes,
  Reader,
} from '../src/index.js';
import { bytesOf, VECTORS } from './vectors.js';

const num = (d: DlmsData) => ('value' in d ? d.value : undefined);

describe('A-XDR vectors', () => {
  it.each(VECTORS.filter((v) => v.layer === 'axdr').map((v) => v.id))('%s decodes and re-encodes', (id) => {
    const bytes = bytesOf(id);
    expect(hex(encodeData(decodeData(bytes)))).toBe(hex(bytes));
  });

  it('reads the values the vectors state', () => {
    const obis = decodeData(bytesOf('axdr-obis-octet-string'));
    expect(obis.type === 'octet-string' && obisFromBytes(obis.value)).toBe('1.0.1.8.0.255');
    expect(decodeData(bytesOf('axdr-double-long-unsigned'))).toEqual({
      type: 'double-long-unsigned',
      value: 4406538,
    });
    expect(decodeData(bytesOf('axdr-scaler-unit-v'))).toEqual({
      type: 'structure',
      value: [
        { type: 'integer', value: -1 },
        { type: 'enum', value: 35 },
      ],
    });
    expect(num(decodeData(bytesOf('axdr-long-unsigned')))).toBe(2356);
    expect(num(decodeData(bytesOf('axdr-long')))).toBe(975);
    const lp = decodeData(bytesOf('axdr-array-load-profile'));
    expect(lp.type === 'array' && lp.value.length).toBe(24);
    const rows = decodeData(bytesOf('axdr-array-of-structures'));
    expect(rows.type === 'array' && rows.value.length).toBe(4);
  });

  it('reads date-time fields, unspecified ones kept', () => {
    const a = decodeDateTime(new Reader(bytesOf('cosem-date-time-deviation')));
    expect(a).toMatchObject({
      year: 2020,
      month: 1,
      day: 1,
      dayOfWeek: 0xff,
      hour: 0,
      minute: 3,
      deviation: -120,
    });
    expect(hex(encodeDateTime(a))).toBe(hex(bytesOf('cosem-date-time-deviation')));
    const b = decodeDateTime(new Reader(bytesOf('cosem-date-time-unspecified-deviation')));
    expect(b).toMatchObject({ year: 2018, month: 2, day: 12, deviation: -32768, clockStatus: 0 });
    expect(hex(encodeDateTime(b))).toBe(hex(bytesOf('cosem-date-time-unspecified-deviation')));
  });
});

/** Our own round-trip cases: every type, including those no published vector above carries. */
const leaf: fc.Arbitrary<DlmsData> = fc.oneof(
  fc.constant<DlmsData>({ type: 'null' }),
  fc.boolean().map((value): DlmsData => ({ type: 'boolean', value })),
  fc
    .array(fc.constantFrom('0', '1'), { maxLength: 40 })
    .map((b): DlmsData => ({ type: 'bit-string', value: b.join('') })),
  fc
    .integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })
    .map((value): DlmsData => ({ type: 'double-long', value })),
  fc
    .integer({ min: 0, max: 2 ** 32 - 1 })
    .map((value): DlmsData => ({ type: 'double-long-unsigned', value })),
  fc.uint8Array({ maxLength: 300 }).map((value): DlmsData => ({ type: 'octet-string', value })),
  fc
    .string({ unit: 'binary-ascii', maxLength: 40 })
    .map((value): DlmsData => ({ type: 'visible-string', value })),
  fc.string({ maxLength: 20 }).map((value): DlmsData => ({ type: 'utf8-string', value })),
  fc.integer({ min: -128, max: 127 }).map((value): DlmsData => ({ type: 'integer', value })),
  fc.integer({ min: -128, max: 127 }).map((value): DlmsData => ({ type: 'bcd', value })),
  fc.integer({ min: -32768, max: 32767 }).map((value): DlmsData => ({ type: 'long', value })),
  fc.integer({ min: 0, max: 255 }).map((value): DlmsData => ({ type: 'unsigned', value })),
  fc.integer({ min: 0, max: 65535 }).map((value): DlmsData => ({ type: 'long-unsigned', value })),
  fc.integer({ min: 0, max: 255 }).map((value): DlmsData => ({ type: 'enum', value })),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((value): DlmsData => ({ type: 'long64', value })),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((value): DlmsData => ({ type: 'long64-unsigned', value })),
  fc.float({ noNaN: true }).map((value): DlmsData => ({ type: 'float32', value })),
  fc.double({ noNaN: true }).map((value): DlmsData => ({ type: 'float64', value })),
  fc.constant<DlmsData>({ type: 'date', value: { year: 2026, month: 11, day: 28, dayOfWeek: 6 } }),
  fc.constant<DlmsData>({ type: 'time', value: { hour: 5, minute: 38, second: 0, hundredths: 0xff } }),
  fc.constant<DlmsData>({
    type: 'date-time',
    value: {
      year: 0xffff,
      month: 0xff,
      day: 0xff,
      dayOfWeek: 0xff,
      hour: 1,
      minute: 2,
      second: 3,
      hundredths: 0xff,
      deviation: -32768,
      clockStatus: 0xff,
    },
  }),
  fc.constant<DlmsData>({
    type: 'compact-array',
    description: {
      type: 'structure',
      elements: [{ type: 'long-unsigned' }, { type: 'array', count: 2, element: { type: 'unsigned' } }],
    },
    contents: Uint8Array.of(0, 1, 2, 3),
  }),
);
const data: fc.Arbitrary<DlmsData> = fc.letrec<{ d: DlmsData }>((tie) => ({
  d: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('d'), { maxLength: 5 }).map((value): DlmsData => ({ type: 'structure', value })),
    fc.array(tie('d'), { maxLength: 5 }).map((value): DlmsData => ({ type: 'array', value })),
  ),
})).d;

describe('A-XDR codec', () => {
  it('round-trips every data type (our own cases)', () => {
    fc.assert(
      fc.property(data, (d) => {
        const bytes = encodeData(d);
        const back = decodeData(bytes);
        expect(hex(encodeData(back))).toBe(hex(bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it('uses long-form lengths past 127 bytes', () => {
    const bytes = encodeData({ type: 'octet-string', value: new Uint8Array(300) });
    expect(hex(bytes.slice(0, 4))).toBe('09 82 01 2C');
  });

  it('throws only DlmsError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          decodeData(bytes);
        } catch (e) {
          expect(e).toBeInstanceOf(DlmsError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('OBIS', () => {
  it('reads and writes both notations', () => {
    expect(hex(obisToBytes('1-0:1.8.0*255'))).toBe('01 00 01 08 00 FF');
    expect(normalizeObis('1-0:1.8.0*255')).toBe('1.0.1.8.0.255');
    expect(formatObis('0.0.96.3.10.255')).toBe('0-0:96.3.10*255');
    expect(() => obisToBytes('1.0.1.8.0')).toThrow(DlmsError);
    expect(() => obisToBytes('1.0.1.8.0.256')).toThrow(DlmsError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATA_ITEMS,
  type DataItem,
  DI,
  dailyFrozenTime,
  energyDi,
  FORMATS,
  FrameError,
  findDataItem,
  fromHex,
  hex,
  type ItemValue,
  monthlyForwardActive,
} from '../src/index.js';

/** A value of the item's format, from which the item's encode must produce exactly `length` bytes. */
function sample(item: DataItem): fc.Arbitrary<ItemValue> {
  const numeric = (format: string, signed: boolean) => {
    const digits = format.replace(/[^XN]/g, '').length;
    const decimals = format.includes('.') ? format.length - format.indexOf('.') - 1 : 0;
    const max = (signed && digits % 2 === 0 ? 8 * 10 ** (digits - 1) : 10 ** digits) - 1;
    return fc
      .tuple(fc.integer({ min: 0, max }), signed ? fc.boolean() : fc.constant(false))
      .map(([n, negative]) => (negative && n !== 0 ? -n : n) / 10 ** decimals);
  };
  const base = item.format.split('*')[0] ?? item.format;
  const count = Number(item.format.split('*')[1] ?? 1);
  const dates = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));
  const scalar: fc.Arbitrary<number> | undefined =
    base === 'status'
      ? fc.integer({ min: 0, max: 0xffff })
      : /^[XN.]+$/.test(base) && base !== 'NNNNNNNNNNNN'
        ? numeric(base, item.signed === true)
        : undefined;
  if (scalar) return count > 1 ? fc.array(scalar, { minLength: count, maxLength: count }) : scalar;
  switch (base) {
    case 'YYMMDDWW':
    case 'hhmmss':
    case 'YYMMDDhhmm':
    case 'YYMMDDhhmmss':
    case 'YYMMDDWWhhmmss':
      return dates;
    case 'NNNNNNNNNNNN':
      return fc.stringMatching(/^\d{12}$/);
    case 'token':
      return fc.stringMatching(/^\d{20}$/);
    case 'XX.XXXX+YYMMDDhhmm':
      return fc.record({ value: numeric('XX.XXXX', false), at: dates });
    default:
      throw new Error(`no sample for format ${item.format}`);
  }
}

describe('DATA_ITEMS catalogue', () => {
  it('has one item per DI, each with a format and a length', () => {
    const dis = DATA_ITEMS.map((i) => i.di);
    expect(new Set(dis).size).toBe(dis.length);
    for (const i of DATA_ITEMS) {
      expect(i.name.length).toBeGreaterThan(0);
      expect(i.length).toBeGreaterThan(0);
      // Whole bytes on the wire: an odd digit count (X.XX) still takes 2 bytes, not 1.5.
      expect(Number.isInteger(i.length), i.name).toBe(true);
      expect(findDataItem(i.di)).toBe(i);
    }
  });

  it('covers what a prepaid head-end reads', () => {
    const covered = (di: number, format: string, unit?: string) => {
      const item = findDataItem(di);
      expect(item, di.toString(16)).toBeDefined();
      expect(item?.format).toBe(format);
      if (unit) expect(item?.unit).toBe(unit);
    };
    covered(DI.COMBINED_ACTIVE_TOTAL, 'XXXXXX.XX', 'kWh');
    covered(DI.FORWARD_ACTIVE_TOTAL, 'XXXXXX.XX', 'kWh');
    covered(DI.REVERSE_ACTIVE_TOTAL, 'XXXXXX.XX', 'kWh');
    for (let t = 1; t <= 4; t++) covered(energyDi(1, t), 'XXXXXX.XX', 'kWh');
    covered(DI.FORWARD_ACTIVE_BLOCK, 'XXXXXX.XX*5', 'kWh');
    covered(DI.REMAINING_ENERGY, 'XXXXXX.XX', 'kWh');
    covered(DI.REMAINING_MONEY, 'XXXXXX.XX');
    covered(DI.OVERDRAFT_ENERGY, 'XXXXXX.XX', 'kWh');
    covered(DI.OVERDRAFT_MONEY, 'XXXXXX.XX');
    covered(DI.PURCHASE_COUNT_ENERGY, 'NNNN');
    covered(DI.PURCHASE_COUNT_MONEY, 'NNNN');
    for (const di of [DI.VOLTAGE_A, DI.VOLTAGE_B, DI.VOLTAGE_C]) covered(di, 'XXX.X', 'V');
    for (const di of [DI.CURRENT_A, DI.CURRENT_B, DI.CURRENT_C]) covered(di, 'XXX.XXX', 'A');
    for (const di of [DI.ACTIVE_POWER_TOTAL, DI.ACTIVE_POWER_A, DI.ACTIVE_POWER_B, DI.ACTIVE_POWER_C]) {
      covered(di, 'XX.XXXX', 'kW');
    }
    covered(DI.VOLTAGE_BLOCK, 'XXX.X*3', 'V');
    covered(DI.CURRENT_BLOCK, 'XXX.XXX*3', 'A');
    covered(DI.ACTIVE_POWER_BLOCK, 'XX.XXXX*4', 'kW');
    covered(DI.POWER_FACTOR_TOTAL, 'X.XXX');
    covered(DI.FREQUENCY, 'XX.XX', 'Hz');
    covered(DI.CLOCK_BATTERY_VOLTAGE, 'X.XX', 'V');
    expect(findDataItem(DI.CLOCK_BATTERY_VOLTAGE)?.length).toBe(2);
    covered(DI.DATE, 'YYMMDDWW');
    covered(DI.TIME, 'hhmmss');
    for (let n = 1; n <= 7; n++) covered(0x04000500 + n, 'status');
    covered(DI.DAILY_FROZEN_TIME_1, 'YYMMDDhhmm');
    covered(dailyFrozenTime(62), 'YYMMDDhhmm');
    covered(DI.DAILY_FROZEN_FORWARD_ACTIVE_1, 'XXXXXX.XX*5', 'kWh');
    covered(DI.MONTHLY_FORWARD_ACTIVE_1, 'XXXXXX.XX', 'kWh');
    covered(monthlyForwardActive(12), 'XXXXXX.XX', 'kWh');
    covered(DI.COMM_ADDRESS, 'NNNNNNNNNNNN');
    covered(DI.TOKEN_ENTRY, 'token');
    expect(findDataItem(DI.TOKEN_ENTRY)?.access).toBe('write');
  });

  it('encodes every item to its length and decodes it back (encode(decode(b)) = b)', () => {
    for (const item of DATA_ITEMS) {
      fc.assert(
        fc.property(sample(item), (v) => {
          const bytes = item.encode(v);
          expect(bytes.length, item.name).toBe(item.length);
          const decoded = item.decode(bytes);
          expect(item.encode(decoded as ItemValue), item.name).toEqual(bytes);
          if (typeof v === 'number') expect(decoded).toBe(v === 0 ? 0 : v);
        }),
        { numRuns: 10 },
      );
    }
  });

  it('refuses a value of the wrong length', () => {
    for (const item of DATA_ITEMS) {
      expect(() => item.decode(new Uint8Array(item.length + 1)), item.name).toThrow(FrameError);
    }
  });
});

describe('value formats', () => {
  it('XXXXXX.XX, unsigned and signed (sign in the top bit)', () => {
    expect(hex(FORMATS['XXXXXX.XX'].encode(1206.42))).toBe('42 06 12 00');
    expect(hex(FORMATS['XXXXXX.XX signed'].encode(-12.34))).toBe('34 12 00 80');
    expect(FORMATS['XXXXXX.XX signed'].decode(fromHex('34 12 00 80'))).toBe(-12.34);
    expect(() => FORMATS['XXXXXX.XX'].encode(-1)).toThrow(FrameError);
    expect(() => FORMATS['XXXXXX.XX'].encode(1_000_000)).toThrow(FrameError);
    expect(() => FORMATS['XXXXXX.XX signed'].encode(800_000)).toThrow(FrameError);
    expect(FORMATS['XXXXXX.XX'].encode(0.005)).toEqual(FORMATS['XXXXXX.XX'].encode(0.01));
  });

  it('XXX.X, XXX.XXX, XX.XXXX, X.XXX, XX.XX, NNNN', () => {
    expect(hex(FORMATS['XXX.X'].encode(220.1))).toBe('01 22');
    expect(FORMATS['XXX.XXX signed'].decode(fromHex('23 51 80'))).toBe(-5.123);
    expect(hex(FORMATS['XX.XXXX signed'].encode(1.1))).toBe('00 10 01');
    expect(FORMATS['X.XXX signed'].decode(fromHex('50 89'))).toBe(-0.95);
    expect(FORMATS['XX.XX'].decode(fromHex('00 50'))).toBe(50);
    expect(FORMATS['X.XX'].decode(fromHex('67 03'))).toBe(3.67);
    expect(hex(FORMATS['X.XX'].encode(3.6))).toBe('60 03');
    expect(hex(FORMATS.NNNN.encode(12))).toBe('12 00');
  });

  it('refuses bytes that are not BCD', () => {
    expect(() => FORMATS['XXXXXX.XX'].decode(fromHex('0A 00 00 00'))).toThrow(FrameError);
    expect(() => FORMATS.hhmmss.decode(fromHex('60 00 00'))).toThrow(FrameError);
    expect(() => FORMATS.YYMMDDWW.decode(fromHex('05 32 01 24'))).toThrow(FrameError);
  });

  it('clock formats go low byte first', () => {
    expect(FORMATS.YYMMDDhhmm.decode(fromHex('00 00 15 03 24'))).toBe('2024-03-15 00:00');
    expect(hex(FORMATS.YYMMDDhhmm.encode('2024-03-15 23:59'))).toBe('59 23 15 03 24');
    expect(hex(FORMATS.YYMMDDhhmmss.encode(new Date('2017-06-05T10:22:51Z')))).toBe('51 22 10 05 06 17');
    expect(FORMATS.YYMMDDWWhhmmss.decode(fromHex('30 45 13 05 15 03 24'))).toEqual({
      dateTime: '2024-03-15 13:45:30',
      weekday: 5,
    });
    expect(hex(FORMATS.hhmmss.encode('10:20:30'))).toBe('30 20 10');
    expect(() => FORMATS.YYMMDDWW.encode(new Date('1999-12-31T00:00:00Z'))).toThrow(FrameError);
  });

  it('a token is its 20 digits, least significant byte first', () => {
    expect(hex(FORMATS.token.encode('12345678901234567890'))).toBe('90 78 56 34 12 90 78 56 34 12');
    expect(FORMATS.token.decode(fromHex('90 78 56 34 12 90 78 56 34 12'))).toBe('12345678901234567890');
  });

  it('energy blocks accept any tariff count a meter reports', () => {
    const block = findDataItem(DI.FORWARD_ACTIVE_BLOCK);
    expect(block?.decode(fromHex('00 01 00 00 00 02 00 00'))).toEqual({ total: 1, tariff1: 2 });
    const eight = new Uint8Array(36);
    expect(Object.keys(block?.decode(eight) ?? {})).toHaveLength(9);
    expect(() => findDataItem(DI.VOLTAGE_BLOCK)?.decode(new Uint8Array(4))).toThrow(FrameError);
  });
});

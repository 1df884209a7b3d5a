import { describe, expect, it } from 'vitest';
import {
  digitsToBcd,
  encodeStatusWord3,
  FrameError,
  findDataItem,
  formatShape,
  fromHex,
  itemDay,
  itemText,
  itemUnits,
  statusWord3Of,
} from '../src/index.js';

describe('a value by its catalogue format', () => {
  it('reads the shape of one value, ignoring spaces and a block count', () => {
    expect(formatShape('XXXXXX.XX')).toEqual({ digits: 8, decimals: 2 });
    expect(formatShape('NNNN NNNN NNNN NNNN NNNN')).toEqual({ digits: 20, decimals: 0 });
    expect(formatShape('XXXXXX.XX*5')).toEqual({ digits: 8, decimals: 2 });
    expect(formatShape('')).toEqual({ digits: 1, decimals: 0 });
  });

  it('renders text as people read it, decimals as the meter sent them', () => {
    expect(itemText('XXXXXX.XX', digitsToBcd('00012340', 4))).toBe('123.40');
    expect(itemText('XXX.XXX', digitsToBcd('000500', 3))).toBe('0.500');
    expect(itemText('NNNN', digitsToBcd('0042', 2))).toBe('42');
    expect(itemText('YYMMDDWW', digitsToBcd('26112806', 4))).toBe('2026-11-28');
    expect(itemText('hhmmss', digitsToBcd('123045', 3))).toBe('12:30:45');
    expect(itemText('', digitsToBcd('0007', 2))).toBe('7');
  });

  it('counts the leading value exactly in any number of decimals, truncated', () => {
    const block = fromHex('45 23 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00');
    expect(itemUnits('XXXXXX.XX', block)).toBe(12345);
    expect(itemUnits('XXXXXX.XX', block, 1)).toBe(1234);
    expect(itemUnits('XXXXXX.XX*5', block, 0)).toBe(123);
    expect(itemUnits('X.XX', digitsToBcd('357', 2), 3)).toBe(3570);
    // 0.7 is 7 tenths exactly, never 6 through floating point.
    expect(itemUnits('XXXXXX.XX', digitsToBcd('70', 4), 1)).toBe(7);
  });

  it('uses the format the package catalogue gives an identifier', () => {
    const item = findDataItem(0x05060101);
    expect(item?.format).toBe('XXXXXX.XX*5');
    const value = item?.encode({ total: 1234.5, tariff1: 1, tariff2: 2, tariff3: 3, tariff4: 4 });
    expect(itemUnits(item?.format ?? '', value ?? new Uint8Array(), 1)).toBe(12345);
    const time = findDataItem(0x05060001);
    const at = time?.encode('2026-11-28 00:00') ?? new Uint8Array();
    expect(itemDay(time?.format ?? '', at)).toBe('2026-11-28');
  });

  it('refuses a value shorter than its format, a byte that is not BCD, and a format without a date', () => {
    expect(() => itemUnits('XXXXXX.XX', fromHex('01 02'))).toThrow(FrameError);
    expect(() => itemText('NNNN', fromHex('1A 00'))).toThrow(FrameError);
    expect(() => itemDay('XXXXXX.XX', fromHex('00 00 00 00'))).toThrow(FrameError);
  });

  it('reads status word 3 from its two bytes, low byte first', () => {
    const word = encodeStatusWord3({ relayOpen: true, relayCommandTrip: true });
    const bytes = Uint8Array.of(word & 0xff, word >> 8);
    expect(statusWord3Of(bytes)).toMatchObject({
      relayOpen: true,
      relayCommandTrip: true,
      preTripAlarm: false,
    });
    expect(() => statusWord3Of(Uint8Array.of(0x10))).toThrow(FrameError);
  });
});

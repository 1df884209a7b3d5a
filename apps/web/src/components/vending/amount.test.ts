import { describe, expect, it } from 'vitest';
import { carriedAround, checkAmount, checkInteger, checkOverdraft, energy, money } from './amount';

describe('checkAmount (spec §5)', () => {
  it('accepts total paid with up to 2 decimals', () => {
    for (const v of ['1', '100', '107.5', '107.50', ' 25.05 ', 3000]) expect(checkAmount(v, true)).toBeNull();
  });
  it('refuses total paid with 3 decimals', () => {
    expect(checkAmount('10.123', true)).toBe('paidDecimals');
  });
  it('accepts total unit with 1 decimal and refuses 2', () => {
    expect(checkAmount('5.2', false)).toBeNull();
    expect(checkAmount('5.25', false)).toBe('unitDecimals');
    // 2 decimals are fine for money but not for units.
    expect(checkAmount('5.25', true)).toBeNull();
  });
  it('refuses what is not a number', () => {
    for (const v of ['', 'abc', '1e3', '-5', '1.', '.5', '1,5', null, undefined]) {
      expect(checkAmount(v, true)).toBe('validNumber');
    }
  });
  it('refuses zero', () => {
    expect(checkAmount('0', true)).toBe('positive');
    expect(checkAmount('0.0', false)).toBe('positive');
  });
});

describe('checkInteger and checkOverdraft', () => {
  it('integers within bounds', () => {
    expect(checkInteger('1500', 0, 18_201_624)).toBeNull();
    expect(checkInteger('1500.5')).toBe('integer');
    expect(checkInteger('x')).toBe('validNumber');
    expect(checkInteger(101, 0, 100)).toBe('range');
    expect(checkInteger(-1, 0, 100)).toBe('range');
  });
  it('maximum overdraft is a non-negative amount with up to 2 decimals', () => {
    expect(checkOverdraft('250')).toBeNull();
    expect(checkOverdraft('250.75')).toBeNull();
    expect(checkOverdraft('-1')).toBe('validOverdraft');
    expect(checkOverdraft('1.234')).toBe('validOverdraft');
    expect(checkOverdraft('')).toBe('validOverdraft');
  });
});

describe('display helpers', () => {
  it('money has 2 places, energy 1', () => {
    expect(money(7.5)).toBe('7.50');
    expect(money(0)).toBe('0.00');
    expect(energy(10)).toBe('10.0');
    expect(money(null)).toBe('');
  });
});

describe('carriedAround (the token amount field)', () => {
  it('carries every 0.1 up to 1638.3 exactly', () => {
    expect(carriedAround(16383)).toEqual({ lower: 16383, upper: 16383 });
    expect(carriedAround(1)).toEqual({ lower: 1, upper: 1 });
  });
  it('offers the neighbours in the steps of 1 above 1638.3', () => {
    expect(carriedAround(20005)).toEqual({ lower: 20004, upper: 20014 });
    expect(carriedAround(20004)).toEqual({ lower: 20004, upper: 20004 });
  });
  it('crosses the gap between bands', () => {
    // Band 1 ends at 180214, band 2 starts at 180224.
    expect(carriedAround(180220)).toEqual({ lower: 180214, upper: 180224 });
  });
  it('has no upper neighbour past the largest token', () => {
    expect(carriedAround(18201625)).toEqual({ lower: 18201624, upper: null });
  });
});

describe('checkOverdraft bound', () => {
  it('takes money up to the contract maximum and refuses beyond it', () => {
    expect(checkOverdraft('1000000000')).toBeNull();
    expect(checkOverdraft('1000000000.01')).toBe('validOverdraft');
  });
});

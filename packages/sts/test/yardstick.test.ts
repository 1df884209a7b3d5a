import { describe, expect, it } from 'vitest';
import { REFERENCE_RATE, Yardstick } from '../bench/yardstick.js';

describe('the benches’ yardstick', () => {
  it('normalises times by rate ÷ reference and rates the other way', () => {
    const slow = new Yardstick(REFERENCE_RATE / 2);
    expect(slow.time(200)).toBe(100);
    expect(slow.perTime(100)).toBe(200);
    const fast = new Yardstick(REFERENCE_RATE * 2);
    expect(fast.time(50)).toBe(100);
    expect(fast.perTime(400)).toBe(200);
  });

  it('prints every figure as measured and normalised', () => {
    const y = new Yardstick(3_000_000);
    expect(y.ms(5.4)).toBe('5.40 ms (norm. 10.8 ms)');
    expect(y.ms(514)).toBe('514 ms (norm. 1028 ms)');
    expect(y.rateOf(2_000, 'vends/s')).toBe('2,000 vends/s (norm. 1,000/s)');
    expect(y.line()).toContain('3,000,000 EA07 credit tokens/s');
  });

  it('says when the machine was busy while it measured', () => {
    expect(new Yardstick(REFERENCE_RATE, 0.95).line()).not.toContain('BUSY');
    expect(new Yardstick(REFERENCE_RATE, 0.5).line()).toContain(
      'BUSY MACHINE: the yardstick got 50 % of a core',
    );
  });
});

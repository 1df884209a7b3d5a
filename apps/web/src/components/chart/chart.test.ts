import { describe, expect, it } from 'vitest';
import { pointsOf } from './chart';

describe('chart data points', () => {
  it('counts the points of every series, and none for a chart without data', () => {
    expect(
      pointsOf({
        series: [
          { type: 'bar', data: [1, 2, 3] },
          { type: 'line', data: [4] },
        ],
      }),
    ).toBe(4);
    expect(pointsOf({ series: { type: 'pie', data: [{ name: 'a', value: 1 }] } })).toBe(1);
    expect(pointsOf({ series: [{ type: 'bar' }] })).toBe(0);
    expect(pointsOf({})).toBe(0);
  });
});

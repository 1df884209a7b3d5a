import { describe, expect, it } from 'vitest';
import { stepsProblem } from './tariff-steps';

describe('tariff step blocks', () => {
  it('accepts no steps, contiguous blocks from 0, and an open last block', () => {
    expect(stepsProblem([])).toBe(false);
    expect(stepsProblem(undefined)).toBe(false);
    expect(
      stepsProblem([
        { start: 0, end: 50, price: 1 },
        { start: 50, end: 200, price: 2 },
        { start: 200, end: null, price: 3 },
      ]),
    ).toBe(false);
    expect(stepsProblem([{ start: '0', end: '', price: '1' }])).toBe(false);
  });

  it('refuses gaps, overlaps, a first block not at 0, an empty block and an open block before the last', () => {
    expect(stepsProblem([{ start: 10, end: 50, price: 1 }])).toBe(true);
    expect(
      stepsProblem([
        { start: 0, end: 50, price: 1 },
        { start: 60, end: null, price: 2 },
      ]),
    ).toBe(true);
    expect(
      stepsProblem([
        { start: 0, end: 50, price: 1 },
        { start: 40, end: null, price: 2 },
      ]),
    ).toBe(true);
    expect(stepsProblem([{ start: 0, end: 0, price: 1 }])).toBe(true);
    expect(
      stepsProblem([
        { start: 0, end: null, price: 1 },
        { start: 0, end: 10, price: 2 },
      ]),
    ).toBe(true);
  });
});

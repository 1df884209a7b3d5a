import { describe, expect, it } from 'vitest';
import { playwrightCounts, vitestCounts } from './test-summary.mjs';

describe("npm test's summary", () => {
  it('counts a browser test that passed only on a retry as failed', () => {
    const report = { stats: { expected: 40, unexpected: 0, flaky: 2, skipped: 0 } };
    // Playwright exits 0 when the only trouble is flaky tests; the summary must not.
    expect(playwrightCounts(report, 0)).toEqual({ passed: 40, failed: 2, flaky: 2 });
  });

  it.each([
    [
      'all passed',
      { stats: { expected: 42, unexpected: 0, flaky: 0 } },
      0,
      { passed: 42, failed: 0, flaky: 0 },
    ],
    ['two failed', { stats: { expected: 40, unexpected: 2 } }, 1, { passed: 40, failed: 2, flaky: 0 }],
    ['a crash with no report', null, 1, { passed: 0, failed: 1, flaky: 0 }],
    [
      'a non-zero exit with no failed test',
      { stats: { expected: 42 } },
      1,
      { passed: 42, failed: 1, flaky: 0 },
    ],
  ])('browser tests: %s', (_, report, status, counts) => {
    expect(playwrightCounts(report, status)).toEqual(counts);
  });

  it.each([
    ['all passed', { numPassedTests: 10, numFailedTests: 0 }, 0, { passed: 10, failed: 0 }],
    ['one failed', { numPassedTests: 9, numFailedTests: 1 }, 1, { passed: 9, failed: 1 }],
    ['an error outside the tests', { numPassedTests: 10, numFailedTests: 0 }, 1, { passed: 10, failed: 1 }],
    ['a crash with no report', null, 1, { passed: 0, failed: 1 }],
  ])('vitest: %s', (_, report, status, counts) => {
    expect(vitestCounts(report, status)).toEqual(counts);
  });
});

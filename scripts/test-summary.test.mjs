import { describe, expect, it } from 'vitest';
import { playwrightCounts, playwrightFailures, vitestCounts, vitestFailures } from './test-summary.mjs';

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

  it("names vitest's failed tests and files that failed outside a test", () => {
    const report = {
      testResults: [
        {
          name: '/repo/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'vend ok', status: 'passed' },
            {
              fullName: 'vend twice',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: 1 != 2\u001b[39m\n  at x'],
            },
          ],
        },
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          message: 'Error: hook timed out\nstack',
          assertionResults: [],
        },
        {
          name: '/repo/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'fine', status: 'passed' }],
        },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      '/repo/a.test.ts: vend twice — AssertionError: 1 != 2',
      '/repo/b.test.ts: Error: hook timed out',
    ]);
    expect(vitestFailures(null)).toEqual([]);
  });

  it("names Playwright's failed and flaky tests in nested suites", () => {
    const report = {
      suites: [
        {
          file: 'e2e/a.spec.ts',
          specs: [{ title: 'passes', tests: [{ status: 'expected', results: [{}] }] }],
          suites: [
            {
              title: 'group',
              specs: [
                {
                  title: 'breaks',
                  tests: [{ status: 'unexpected', results: [{ error: { message: 'Timeout\nmore' } }] }],
                },
                {
                  title: 'wobbles',
                  tests: [{ status: 'flaky', results: [{ error: { message: 'first' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      'e2e/a.spec.ts: breaks (unexpected) — Timeout',
      'e2e/a.spec.ts: wobbles (flaky) — first',
    ]);
  });
});

// How scripts/test-all.mjs counts each runner's result (pure, so scripts/test-summary.test.mjs can check it).

/**
 * Vitest's JSON report (null when none was written) and the runner's exit status → passed and failed.
 * A non-zero exit with no failed test (a crash, an unhandled error) still counts as one failure.
 */
export function vitestCounts(report, status) {
  if (!report) return { passed: 0, failed: status === 0 ? 0 : 1 };
  const extra = status !== 0 && report.numFailedTests === 0 ? 1 : 0;
  return { passed: report.numPassedTests, failed: report.numFailedTests + extra };
}

/**
 * Playwright's JSON report (null when none was written) and the exit status → passed, failed and flaky.
 * A test that passed only on a retry (flaky) counts as FAILED: retries are off in playwright.config.ts,
 * and a retry passed on the command line must not hide a race either.
 */
export function playwrightCounts(report, status) {
  if (!report) return { passed: 0, failed: status === 0 ? 0 : 1, flaky: 0 };
  const stats = report.stats ?? {};
  const unexpected = stats.unexpected ?? 0;
  const flaky = stats.flaky ?? 0;
  const extra = status !== 0 && !unexpected ? 1 : 0;
  return { passed: stats.expected ?? 0, failed: unexpected + flaky + extra, flaky };
}

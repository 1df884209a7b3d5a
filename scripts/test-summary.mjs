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

/**
 * The names of vitest's failed tests, with the first line of each failure: printed in the summary so the tail of a
 * long CI log says which test failed, not only how many.
 */
export function vitestFailures(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      failures.push(`${file.name}: ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed')
      failures.push(`${file.name}: ${firstLine(file.message)}`);
  }
  return failures;
}

/** The names of Playwright's failed or flaky tests, with the first line of the last error. */
export function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.findLast((r) => r.error)?.error?.message;
        failures.push(`${file}: ${spec.title} (${test.status}) — ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file ?? suite.title);
  return failures;
}

// The terminal colour codes in a runner's message (ESC [ … m), built from a string so the pattern holds no raw control character.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(text) {
  return (
    String(text ?? '')
      .replace(COLOURS, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}

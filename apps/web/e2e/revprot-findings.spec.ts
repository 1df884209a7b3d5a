import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { api, apiLogin, describeConsole, exportSheet, openList, signIn } from './helpers';

type Rows<T> = { data: T[] };

/**
 * A demo meter with daily readings whose purchases after its first are cancelled: it has consumed far
 * beyond what it bought, and bought nothing for months while consuming.
 */
async function unpaidMeter(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request);
  const daily = await api(request, '/api/DailyDataMeter/read', { lang: 'en', pageSize: 1 }, token);
  const meterId = (daily.result as Rows<{ meterId: string }>).data[0]?.meterId ?? '';
  expect(meterId, 'the demo history has daily readings').not.toBe('');
  const vends = await api(
    request,
    '/api/token/creditTokenRecord/read',
    { meterId, pageSize: 1000, orderBy: 'createDate asc' },
    token,
  );
  const later = (vends.result as Rows<{ meterId: string; receiptId: number; status: number }>).data
    .filter((r) => r.meterId === meterId)
    .slice(1)
    .filter((r) => r.status === 0);
  if (later.length) {
    const cancel = await api(
      request,
      '/api/token/creditTokenRecord/cancel',
      {
        authorizationPassword: ADMIN_AUTHORIZATION_PASSWORD,
        data: later.map((r) => ({ receiptId: r.receiptId, remark: 'Revenue protection test' })),
      },
      token,
    );
    expect(cancel.code, cancel.reason).toBe(0);
  }
  return meterId;
}

/** The export's column `title` as numbers, and its meter ids. */
function column(sheet: { header: unknown[]; rows: unknown[][] }, title: string) {
  const at = sheet.header.indexOf(title);
  expect(at, `the export has "${title}"`).toBeGreaterThanOrEqual(0);
  return sheet.rows.map((r) => Number(r[at]));
}
const meterIds = (sheet: { rows: unknown[][] }) => sheet.rows.map((r) => String(r[0]));

/** A finding's read answered, with `member` = `value` in its body when given. */
const findingRead = (page: Page, finding: string, member?: string, value?: number) =>
  page.waitForResponse(
    (r) =>
      r.url().includes(`/api/revenueProtection/${finding}/read`) &&
      (member === undefined || (r.request().postDataJSON() as Record<string, unknown>)[member] === value),
  );

/**
 * Opens a finding's page and waits for its first read: a finding reads the whole fleet, which takes
 * seconds on the embedded database of a loaded test machine (the page's own timeouts allow for it).
 */
async function openFinding(page: Page, path: string, resource: string, finding: string) {
  page.setDefaultTimeout(180_000);
  await signIn(page);
  const read = findingRead(page, finding);
  await openList(page, path, resource);
  await read;
}

/** Types a toolbar number and waits for the grid to read with it. */
async function setNumber(page: Page, finding: string, key: string, value: number) {
  const read = findingRead(page, finding, key, value);
  // antd puts the test id on the input itself or on its wrapper, by version.
  await page
    .locator(`input[data-testid="filter-${key}"], [data-testid="filter-${key}"] input`)
    .first()
    .fill(String(value));
  await read;
}

describeConsole('revenue protection findings', { timeout: 300_000 }, () => {
  let meterId = '';
  test.beforeAll(async ({ request }) => {
    meterId = await unpaidMeter(request);
  });

  test('suspects: ranked by score, a score filter, the export', async ({ page }) => {
    await openFinding(page, '/revenue-protection/suspects', 'revprot-suspects', 'suspects');
    await expect(page.getByTestId('list-total')).not.toHaveText('Total 0');
    await setNumber(page, 'suspects', 'minScore', 50);
    const sheet = await exportSheet(page);
    const scores = column(sheet, 'Score');
    expect(scores.every((s) => s >= 50)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(meterIds(sheet)).toContain(meterId);
  });

  test('zero buyers: a days filter, the export', async ({ page }) => {
    await openFinding(page, '/revenue-protection/zero-buyers', 'revprot-zero-buyers', 'zeroBuyers');
    await setNumber(page, 'zeroBuyers', 'minDays', 200);
    const sheet = await exportSheet(page);
    expect(column(sheet, 'Nonpurchase Days').every((d) => d >= 200)).toBe(true);
    const at = sheet.rows.find((r) => r[0] === meterId);
    expect(at, 'the meter that stopped buying').toBeDefined();
    expect(at).toContain('Consuming');
  });

  test('consumption beyond credit: the export, and an emergency credit that covers it', async ({ page }) => {
    await openFinding(
      page,
      '/revenue-protection/consumption-beyond-credit',
      'revprot-beyond-credit',
      'consumptionBeyondCredit',
    );
    const sheet = await exportSheet(page);
    expect(meterIds(sheet)).toContain(meterId);
    expect(column(sheet, 'Excess (kWh)').every((e) => e > 0)).toBe(true);
    await setNumber(page, 'consumptionBeyondCredit', 'emergencyCredit', 100000);
    await expect(page.getByTestId('list-total')).toHaveText('Total 0');
  });

  test('tamper: a flag filter, the export', async ({ page }) => {
    await openFinding(page, '/revenue-protection/tamper', 'revprot-tamper', 'tamper');
    await expect(page.getByTestId('list-total')).not.toHaveText('Total 0');
    const read = page.waitForResponse(
      (r) =>
        r.url().includes('/api/revenueProtection/tamper/read') &&
        (r.request().postDataJSON() as { flag?: string }).flag === 'terminalCoverOpen',
    );
    await page.getByTestId('filter-flag').click();
    await page.getByTitle('Terminal cover open').click();
    await read;
    const sheet = await exportSheet(page);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(column(sheet, 'Terminal Cover Open (days)').every((d) => d > 0)).toBe(true);
  });
});

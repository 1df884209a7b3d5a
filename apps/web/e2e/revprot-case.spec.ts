import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, bodyRows, describeConsole, exportSheet, loginAs, openList, signIn } from './helpers';

/** The smallest valid PNG: what an inspector's phone would send, only smaller. */
const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

interface Account {
  meterId: string;
  customerId: string;
}
interface DebtRow {
  customerId: string;
  totalDebt: number;
}

/** The top suspects with a customer: one per test (a meter holds one open case at a time). */
let accounts: Account[] = [];

async function debtOf(page: Page, token: string, customerId: string) {
  const env = await api(page.request, '/api/debt/read', { customerId }, token);
  const rows = (env.result as { data: DebtRow[] }).data;
  return rows.find((r) => r.customerId === customerId)?.totalDebt ?? 0;
}

/** Takes the open case dialog's next step by its form and waits for the status it leads to. */
async function takeStep(page: Page, status: string) {
  await page.getByTestId('case-step-submit').click();
  await expect(page.getByTestId('case-status')).toHaveText(status);
}

describeConsole('revenue-protection cases', { timeout: 300_000 }, () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiLogin(request);
    // The suspects page's window: the 30 days before today.
    const day = (back: number) => {
      const d = new Date(Date.now() - back * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const env = await api(
      request,
      '/api/revenueProtection/suspects/read',
      { days: [day(30), day(1)], pageSize: 20, orderBy: 'score desc' },
      token,
    );
    expect(env.code, env.reason).toBe(0);
    accounts = (env.result as { data: { meterId: string; customerId: string | null }[] }).data
      .filter((r): r is Account => r.customerId !== null)
      .slice(0, 2);
    expect(accounts).toHaveLength(2);
  });

  for (const [i, width] of [1366, 375].entries()) {
    test(`a case taken from a suspect to closed: its recovered amount becomes the customer's debt at ${width} px`, async ({
      page,
    }) => {
      const account = accounts[i] as Account;
      const token = await apiLogin(page.request);
      const before = await debtOf(page, token, account.customerId);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await openList(page, '/revenue-protection/suspects', 'revprot-suspects');
      await expect(bodyRows(page).first()).toBeVisible();
      await page.getByTestId(`suspect-open-case-${account.meterId}`).click();
      // The suspect's meter and evidence come with it.
      await expect(page.getByTestId('case-open-meter')).toHaveValue(account.meterId);
      await expect(page.getByTestId('case-open-reason')).toHaveValue(/Score \d+: /);
      await page.getByTestId('case-open-submit').click();
      const detail = page.getByTestId('case-detail');
      await expect(detail).toBeVisible();
      await expect(page.getByTestId('case-status')).toHaveText('Open');

      await page.getByTestId('case-assignee').fill('admin');
      await takeStep(page, 'Assigned');

      // A file that is no PNG is refused before it leaves the browser; a PNG joins the case.
      await page
        .getByTestId('case-detail')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'note.png',
          mimeType: 'image/png',
          buffer: Buffer.from('not an image at all'),
        });
      await expect(page.getByTestId('case-photo-problem')).toContainText('Only PNG images');
      await page
        .getByTestId('case-detail')
        .locator('input[type=file]')
        .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG_1x1 });
      await expect(page.getByTestId('case-photos').locator('img')).toHaveCount(1);

      await page.getByTestId('case-findings').fill('Service cable bypasses the meter');
      await page.getByTestId('case-outcome').click();
      await page.locator('.ant-select-item-option-content', { hasText: /^Bypass$/ }).click();
      await takeStep(page, 'Inspected');

      await page.getByTestId('case-recovered').fill('250.75');
      await takeStep(page, 'Closed');
      await expect(page.getByTestId('case-recovered-amount')).toHaveText('250.75');
      expect(await debtOf(page, token, account.customerId)).toBeCloseTo(before + 250.75, 2);

      // The customer's debt, as the Debt page shows it.
      await page.keyboard.press('Escape');
      await openList(page, '/management/debt', 'debt');
      await page
        .locator('input[data-testid=list-search-term]')
        .or(page.getByTestId('list-search-term').locator('input'))
        .first()
        .fill(account.customerId);
      await page.getByTestId('list-search').click();
      await expect(bodyRows(page)).toHaveCount(1);
      await expect(bodyRows(page).first()).toContainText((before + 250.75).toFixed(2));
    });
  }

  test('the case list exports its cases', async ({ page }) => {
    await signIn(page);
    await openList(page, '/revenue-protection/case', 'revprot-case');
    await expect(bodyRows(page).first()).toBeVisible();
    const { header, rows } = await exportSheet(page);
    expect(header).toContain('Recovered Amount');
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  test("a transformer's meters show on the map and in its list without tiles", async ({ page }) => {
    await signIn(page);
    await openList(page, '/revenue-protection/transformer', 'transformer');
    await page.getByTestId('transformer-map-TX-NORTH-1').click();
    await expect(page.getByTestId('meter-map')).toBeVisible();
    await expect(page.getByTestId('meter-map').locator('path.leaflet-interactive').first()).toBeVisible();
    await expect(page.getByTestId('transformer-map-list').locator('tr.ant-table-row').first()).toBeVisible();
  });

  test('the dashboard shows the losses by transformer and the open cases', async ({ page }) => {
    await loginAs(page);
    await expect(page.getByTestId('dashboard-losses')).toContainText('TX-');
    await expect(page.getByTestId('dashboard-open-cases')).toBeVisible();
  });
});

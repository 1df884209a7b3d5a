import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, describeConsole, exportSheet, signIn, visit } from './helpers';

const totalOf = async (page: Page) =>
  Number((await page.getByTestId('list-total').textContent())?.replace(/\D/g, '') ?? 'NaN');

/** Reports and interval data on the demo history (a year of daily rows and purchases). */
describeConsole('report pages', () => {
  test('Interval Data lists the demo year and the Hourly action opens that day hour by hour', async ({
    page,
  }) => {
    await signIn(page);
    await visit(page, '/prepay-report/daily-data-meter');
    await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]\d{3,}/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Hourly' }).first().click();
    const hourly = page.getByTestId('hourly-data');
    await expect(hourly).toBeVisible();
    await expect(hourly.getByTestId('list-total')).toHaveText(/Total [1-9]\d*/, { timeout: 30_000 });
  });

  test('Low Purchase opens on its stated defaults, a changed limit shows what the API computes, and exports every row', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    // The console's opening filter: the last 30 days, today included, and 1,000.00 or less paid.
    const day = (back: number) => {
      const d = new Date(Date.now() - back * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const dateRange = [`${day(29)} 00:00:00`, `${day(0)} 23:59:59`];
    const read = async (lowLimit: number) =>
      (
        await api(
          request,
          '/API/PrepayReport/LowPurchaseSituation',
          { lang: 'en', dateRange, lowLimit, pageSize: 1 },
          token,
        )
      ).result as { total: number; scope: { covered: number; of: number } };
    const opening = await read(1000);
    const zero = await read(0);
    expect(zero.total).toBeLessThanOrEqual(opening.total);
    expect(opening.total).toBeLessThanOrEqual(opening.scope.of);

    await signIn(page);
    await visit(page, '/prepay-report/low-purchase-situation');
    await expect(page.getByTestId('list-total')).toHaveText(`Total ${opening.total}`, { timeout: 30_000 });
    // The period, the limit and the coverage are stated, and the limit is in the filter bar to change.
    const scope = page.getByTestId('report-scope');
    await expect(scope).toContainText(`Period ${day(29)} – ${day(0)}`);
    await expect(scope).toContainText('Threshold: paid 1,000.00');
    await expect(scope).toContainText(
      `Lists ${opening.total.toLocaleString('en-US')} of ${opening.scope.of.toLocaleString('en-US')} accounts`,
    );
    await expect(page.getByTestId('filter-lowLimit')).toHaveValue('1000.00');
    await page.getByTestId('filter-lowLimit').fill('0');
    await page.getByTestId('filter-apply').click();
    await expect(page.getByTestId('list-total')).toHaveText(`Total ${zero.total}`);
    await expect(scope).toContainText('Threshold: paid 0.00');

    const { header, rows } = await exportSheet(page);
    // Titled as the console shows them, in its language.
    expect(header).toEqual(expect.arrayContaining(['Customer Id', 'Purchase Total Paid']));
    const paid = rows.map((row) => row[header.indexOf('Purchase Total Paid')]);
    expect(paid).toHaveLength(zero.total);
    expect(new Set(paid)).toEqual(new Set([0]));
  });

  test('Consumption Statistics states how many of the meters in scope its figures stand on', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const answer = (
      await api(request, '/API/PrepayReport/ConsumptionStatistics', { lang: 'en', pageSize: 1 }, token)
    ).result as { scope: { covered: number; of: number } };
    expect(answer.scope.covered).toBeLessThan(answer.scope.of);
    await signIn(page);
    await visit(page, '/prepay-report/consumption-statistics');
    await expect(page.getByTestId('report-scope')).toContainText(
      `Covers up to ${answer.scope.covered.toLocaleString('en-US')} of ${answer.scope.of.toLocaleString('en-US')} electricity meters a day`,
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('report-consumption')).toContainText('Meters read');
  });

  test('Long Nonpurchase Situation filters on day bounds', async ({ page }) => {
    await signIn(page);
    await visit(page, '/prepay-report/long-nonpurchase-situation');
    await expect(page.getByTestId('list-total')).toHaveText(/Total [1-9]/, { timeout: 30_000 });
    const before = await totalOf(page);
    await page.getByTestId('filter-nonpurchaseDaysStart').fill('20');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => totalOf(page)).toBeLessThan(before);
    await expect(page.getByTestId('list-table')).toContainText('Nonpurchase Days');
    // The limit and the coverage are stated with the rows.
    await expect(page.getByTestId('report-scope')).toContainText('Without a purchase for at least 20 days');
    await expect(page.getByTestId('report-scope')).toContainText(
      `Lists ${(await totalOf(page)).toLocaleString('en-US')} of`,
    );
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    test('Interval Data fits the phone: the page does not scroll sideways', async ({ page }) => {
      await signIn(page);
      await visit(page, '/prepay-report/daily-data-meter');
      await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]/, { timeout: 30_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(376);
      await expect(page.getByTestId('list-search')).toBeInViewport();
    });

    for (const [path, ready] of [
      ['/prepay-report/low-purchase-situation', 'list-total'],
      ['/prepay-report/long-nonpurchase-situation', 'list-total'],
      ['/prepay-report/debt-situation', 'list-total'],
      ['/prepay-report/consumption-statistics', 'report-scope'],
    ] as const) {
      test(`${path}: the scope line and the filter bar fit the phone`, async ({ page }) => {
        await signIn(page);
        await visit(page, path);
        await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
        const scope = page.getByTestId('report-scope');
        await expect(scope).toBeVisible();
        const box = await scope.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
      });
    }
  });
});

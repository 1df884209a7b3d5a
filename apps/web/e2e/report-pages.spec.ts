import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { api, apiLogin, describeConsole, exportSheet, loginAs, visit } from './helpers';

const totalOf = async (page: Page) =>
  Number((await page.getByTestId('list-total').textContent())?.replace(/\D/g, '') ?? 'NaN');

/** Reports and interval data on the demo history (a year of daily rows and purchases). */
describeConsole('report pages', () => {
  test('Interval Data lists the demo year and the Hourly action opens that day hour by hour', async ({
    page,
  }) => {
    await loginAs(page);
    await visit(page, '/prepay-report/daily-data-meter');
    await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]\d{3,}/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Hourly' }).first().click();
    const hourly = page.getByTestId('hourly-data');
    await expect(hourly).toBeVisible();
    await expect(hourly.getByTestId('list-total')).toHaveText(/Total [1-9]\d*/, { timeout: 30_000 });
  });

  test('Low Purchase Situation with a low limit shows what the API computes, and exports every row', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, 'admin', ADMIN_PASSWORD);
    const all = await api(
      request,
      '/API/PrepayReport/LowPurchaseSituation',
      { lang: 'en', pageSize: 1 },
      token,
    );
    const low = await api(
      request,
      '/API/PrepayReport/LowPurchaseSituation',
      { lang: 'en', lowLimit: 0, pageSize: 1 },
      token,
    );
    const lowTotal = (low.result as { total: number }).total;
    expect(lowTotal).toBeLessThan((all.result as { total: number }).total);

    await loginAs(page);
    await visit(page, '/prepay-report/low-purchase-situation');
    await expect(page.getByTestId('list-total')).toHaveText(
      `Total ${(all.result as { total: number }).total}`,
      {
        timeout: 30_000,
      },
    );
    await page.getByTestId('filter-lowLimit').fill('0');
    await page.getByTestId('filter-apply').click();
    await expect(page.getByTestId('list-total')).toHaveText(`Total ${lowTotal}`);

    const { header, rows } = await exportSheet(page);
    // Titled as the console shows them, in its language.
    expect(header).toEqual(expect.arrayContaining(['Customer Id', 'Purchase Total Paid']));
    const paid = rows.map((row) => row[header.indexOf('Purchase Total Paid')]);
    expect(paid).toHaveLength(lowTotal);
    expect(new Set(paid)).toEqual(new Set([0]));
  });

  test('Long Nonpurchase Situation filters on day bounds', async ({ page }) => {
    await loginAs(page);
    await visit(page, '/prepay-report/long-nonpurchase-situation');
    await expect(page.getByTestId('list-total')).toHaveText(/Total [1-9]/, { timeout: 30_000 });
    const before = await totalOf(page);
    await page.getByTestId('filter-nonpurchaseDaysStart').fill('20');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => totalOf(page)).toBeLessThan(before);
    await expect(page.getByTestId('list-table')).toContainText('Nonpurchase Days');
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    test('Interval Data fits the phone: the page does not scroll sideways', async ({ page }) => {
      await loginAs(page);
      await visit(page, '/prepay-report/daily-data-meter');
      await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]/, { timeout: 30_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(376);
      await expect(page.getByTestId('list-search')).toBeInViewport();
    });
  });
});

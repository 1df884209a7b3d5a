import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { api, apiLogin, describeConsole, exportSheet, loginAs, signIn, visit } from './helpers';

type Page_<R> = { total: number; data: R[] };
const CONSUMPTION = '/API/PrepayReport/ConsumptionStatistics';

async function read<R>(request: APIRequestContext, path: string, body: object): Promise<Page_<R>> {
  const token = await apiLogin(request);
  const env = await api(request, path, body, token);
  expect(env.code, env.reason).toBe(0);
  return env.result as Page_<R>;
}

/** A chart is drawn: its canvas has a size and the series it was given are not empty. */
async function expectChart(chart: Locator, points?: number) {
  await expect(chart).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  if (points === undefined) {
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  } else {
    await expect(chart).toHaveAttribute('data-points', String(points));
  }
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A demo meter with a year of daily rows (the first Interval Data row). */
async function demoMeter(request: APIRequestContext): Promise<string> {
  const rows = await read<{ meterId: string }>(request, '/api/DailyDataMeter/read', {
    lang: 'en',
    pageSize: 1,
  });
  const meterId = rows.data[0]?.meterId;
  if (!meterId) throw new Error('the demo history has no daily rows');
  return meterId;
}

/**
 * Consumption Statistics (Data and Chart views, export), the dashboard's cards and charts and the
 * Alarms page, on the demo history (a year of daily rows, purchases and alarms).
 */
describeConsole('report charts', () => {
  test('Consumption Statistics: a meter filter, sort, the Chart view and an export of the whole result', async ({
    page,
    request,
  }) => {
    const meterId = await demoMeter(request);
    const all = await read<{ consumption: number }>(request, CONSUMPTION, {
      lang: 'en',
      isDaily: true,
      pageSize: 1,
    });
    const mine = await read<{ currentDate: string; consumption: number }>(request, CONSUMPTION, {
      lang: 'en',
      isDaily: true,
      meterId,
      pageSize: 1000,
      orderBy: 'consumption desc',
    });
    expect(mine.total).toBeGreaterThan(20); // more than one page: the export must not be the page
    expect(mine.total).toBeLessThan(all.total + 1);

    await signIn(page);
    await visit(page, '/prepay-report/consumption-statistics');
    const grid = page.getByTestId('report-consumption');
    await expect(grid.getByTestId('list-total')).toHaveText(`Total ${all.total}`, { timeout: 30_000 });
    await expect(grid.getByTestId('list-table')).toContainText('Collection Date');

    await page.getByTestId('filter-meterId').fill(meterId);
    await page.getByTestId('filter-search').click();
    await expect(grid.getByTestId('list-total')).toHaveText(`Total ${mine.total}`);

    // Sort by consumption, largest first: the first row is the API's largest day.
    await grid.getByTestId('sort-consumption').first().click();
    await page.getByTestId('sort-desc-consumption').click();
    const top = mine.data[0];
    if (!top) throw new Error('no rows');
    await expect(grid.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(
      top.currentDate.slice(0, 10),
    );

    const sheet = await exportSheet(page, grid);
    // Each day's figure comes with the meters it stands on: one, the meter asked for.
    expect(sheet.header).toEqual(['Collection Date', 'Consumption (kWh)', 'Meters Read']);
    expect(sheet.rows).toHaveLength(mine.total);
    expect(new Set(sheet.rows.map((r) => r[2]))).toEqual(new Set([1]));
    const exported = sheet.rows.reduce((s, r) => s + Number(r[1]), 0);
    const expected = mine.data.reduce((s, r) => s + r.consumption, 0);
    expect(Math.round(exported * 10)).toBe(Math.round(expected * 10));

    // The Chart view draws the same filtered result, one bar per day.
    await page.getByTestId('consumption-view').getByText('Chart').click();
    await expectChart(page.getByTestId('consumption-chart'), mine.total);
  });

  test('Consumption Statistics monthly: the Monthly tab lists months and charts them', async ({
    page,
    request,
  }) => {
    const months = await read(request, CONSUMPTION, { lang: 'en', isDaily: false, pageSize: 1 });
    expect(months.total).toBeGreaterThan(1);
    await signIn(page);
    await visit(page, '/prepay-report/consumption-statistics');
    await page.getByTestId('tab-monthly').click();
    const grid = page.getByTestId('report-consumption');
    await expect(grid.getByTestId('list-total')).toHaveText(`Total ${months.total}`, { timeout: 30_000 });
    await expect(grid.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(/\d{4}-\d{2}/);
    await page.getByTestId('consumption-view').getByText('Chart').click();
    await expectChart(page.getByTestId('consumption-chart'), months.total);
  });

  test('Debt Situation filters on a customer and exports the filtered rows', async ({ page, request }) => {
    const all = await read<{ customerId: string }>(request, '/API/PrepayReport/DebtSituation', {
      lang: 'en',
      pageSize: 1,
    });
    const customerId = all.data[0]?.customerId;
    if (!customerId) throw new Error('the demo data has no debts');
    const one = await read(request, '/API/PrepayReport/DebtSituation', {
      lang: 'en',
      customerId,
      pageSize: 1,
    });
    await signIn(page);
    await visit(page, '/prepay-report/debt-situation');
    await expect(page.getByTestId('list-total')).toHaveText(`Total ${all.total}`, { timeout: 30_000 });
    await page.getByTestId('filter-customerId').first().click();
    await page.getByTestId('filter-input-customerId').fill(customerId);
    await page.getByTestId('filter-apply-customerId').click();
    await expect(page.getByTestId('list-total')).toHaveText(`Total ${one.total}`);
    const sheet = await exportSheet(page, page.getByTestId('report-debt-situation'));
    expect(sheet.header).toEqual(expect.arrayContaining(['Customer Id', 'Total Debt', 'Remaining Debt']));
    expect(sheet.rows).toHaveLength(one.total);
  });

  test('Dashboard: the panel cards show the API figures, every chart is drawn, a card switches the bar chart', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const panel = (await api(request, '/api/dashboard/readPanelGroup', {}, token)).result as {
      totalAccountCount: number;
      totalPurchaseTimes: number;
      totalPurchaseMoney: number;
    };
    expect(panel.totalAccountCount).toBeGreaterThan(0);
    expect(panel.totalPurchaseTimes).toBeGreaterThan(0);

    await loginAs(page);
    await expect(page.getByTestId('panel-accounts-value')).toHaveText(
      panel.totalAccountCount.toLocaleString('en-US'),
    );
    await expect(page.getByTestId('panel-times-value')).toHaveText(
      panel.totalPurchaseTimes.toLocaleString('en-US'),
    );

    await expect(page.getByTestId('panel-money-value')).toHaveText(
      panel.totalPurchaseMoney.toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    );
    const purchase = page.getByTestId('dashboard-purchase');
    await expect(purchase).toHaveAttribute('data-type', '3', { timeout: 30_000 });
    await expectChart(page.getByTestId('chart-purchase'), 30);
    await expectChart(page.getByTestId('chart-success-rate'), 48);
    await expectChart(page.getByTestId('chart-alarms'), 4);
    await expectChart(page.getByTestId('chart-consumption'), 30);

    // Clicking "Account Count" reloads the bar chart with line-chart type 0.
    const [reload] = await Promise.all([
      page.waitForRequest(
        (r) => r.url().endsWith('/api/dashboard/readLineChart') && r.postDataJSON()?.type === 0,
      ),
      page.getByTestId('panel-accounts').click(),
    ]);
    expect(reload.postDataJSON()).toEqual({ type: 0, days: 30 });
    await expect(purchase).toHaveAttribute('data-type', '0');
    await expect(purchase).toContainText('Accounts that purchased');
    await expectChart(page.getByTestId('chart-purchase'), 30);

    // Monthly consumption: twelve months; "More" opens Interval Data.
    await page.getByTestId('consumption-period').getByText('Monthly').click();
    await expect(page.getByTestId('dashboard-consumption')).toHaveAttribute('data-type', '5');
    await expectChart(page.getByTestId('chart-consumption'), 12);
    await page.getByTestId('consumption-more').click();
    await expect(page).toHaveURL(/\/prepay-report\/daily-data-meter$/);
  });

  test('Alarms: an operator acknowledges an open alarm with a remark, and the list says so', async ({
    page,
    request,
  }) => {
    const open = await read<{ id: number; meterId: string }>(request, '/api/alarm/read', {
      acknowledged: false,
      pageSize: 1,
    });
    expect(open.total).toBeGreaterThan(0);
    await signIn(page);
    await visit(page, '/prepay-report/alarm');
    const list = page.getByTestId('alarm-list');
    await expect(list.getByTestId('list-total')).toHaveText(/Total [1-9]/, { timeout: 30_000 });
    // Only the open ones.
    await list.getByTestId('filter-acknowledged').first().click();
    await page.getByTestId('filter-input-acknowledged').click();
    await page.locator('.ant-select-item-option').getByText('Open', { exact: true }).click();
    await page.getByTestId('filter-apply-acknowledged').click();
    await expect(list.getByTestId('list-total')).toHaveText(`Total ${open.total}`);

    const first = open.data[0];
    if (!first) throw new Error('no open alarm');
    await list.getByTestId(`alarm-ack-${first.id}`).click();
    await page.getByTestId('alarm-ack-remark').fill('e2e: meter visited, seal replaced');
    await page.getByTestId('alarm-ack-submit').click();
    // It leaves the open list, and the API has it acknowledged with the remark.
    await expect(list.getByTestId('list-total')).toHaveText(`Total ${open.total - 1}`);
    const token = await apiLogin(request);
    const after = (await api(request, '/api/alarm/read', { meterId: first.meterId, pageSize: 100 }, token))
      .result as Page_<{ id: number; acknowledged: boolean; ackRemark: string | null; ackId: string | null }>;
    const row = after.data.find((r) => r.id === first.id);
    expect(row).toMatchObject({
      acknowledged: true,
      ackRemark: 'e2e: meter visited, seal replaced',
      ackId: 'admin',
    });
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test('the dashboard charts fit the phone', async ({ page }) => {
      await loginAs(page);
      await expect(page.getByTestId('panel-money-value')).toBeVisible({ timeout: 30_000 });
      for (const id of ['chart-purchase', 'chart-success-rate', 'chart-alarms', 'chart-consumption']) {
        await page.getByTestId(id).scrollIntoViewIfNeeded();
        await expectChart(page.getByTestId(id));
      }
      await noSidewaysScroll(page);
    });

    test('Consumption Statistics (Data and Chart), Alarms and the other reports fit the phone', async ({
      page,
    }) => {
      await signIn(page);
      await visit(page, '/prepay-report/consumption-statistics');
      await expect(page.getByTestId('list-total')).toHaveText(/Total [1-9]/, { timeout: 30_000 });
      await noSidewaysScroll(page);
      await page.getByTestId('consumption-view').getByText('Chart').click();
      await expectChart(page.getByTestId('consumption-chart'));
      await noSidewaysScroll(page);

      for (const path of [
        '/prepay-report/alarm',
        '/prepay-report/long-nonpurchase-situation',
        '/prepay-report/low-purchase-situation',
        '/prepay-report/debt-situation',
      ]) {
        await visit(page, path);
        await expect(page.getByTestId('list-total')).toHaveText(/Total [1-9]/, { timeout: 30_000 });
        await noSidewaysScroll(page);
        await expect(page.getByTestId('list-search')).toBeInViewport();
      }
    });
  });
});

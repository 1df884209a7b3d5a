import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { api, apiLogin, describeConsole, exportSheet, signIn, visit } from './helpers';

/**
 * The AMR data grids on the demo history: Interval Data, Interval Data (Water) and Monthly
 * Data each filtered on a meter to what the API answers for it, and exported whole (opened with exceljs).
 */
type Read = { total: number; data: { meterId: string }[] };

async function read(request: APIRequestContext, path: string, body: Record<string, unknown>) {
  const token = await apiLogin(request);
  return (await api(request, path, { lang: 'en', ...body }, token)).result as Read;
}

/** Opens the grid, filters it on the first meter it lists, and checks the total and the export. */
async function filterOnAMeterAndExport(
  page: Page,
  request: APIRequestContext,
  grid: { url: string; path: string },
) {
  const all = await read(request, grid.path, { pageSize: 1 });
  const meterId = all.data[0]?.meterId;
  if (!meterId) throw new Error(`the demo data has no rows for ${grid.url}`);
  const one = await read(request, grid.path, { meterId, pageSize: 1 });
  expect(one.total).toBeGreaterThan(0);
  expect(one.total).toBeLessThan(all.total);

  await signIn(page);
  await visit(page, grid.url);
  await expect(page.getByTestId('list-total')).toHaveText(`Total ${all.total}`, { timeout: 30_000 });
  await page.getByTestId('filter-meterId').first().click();
  await page.getByTestId('filter-input-meterId').fill(meterId);
  await page.getByTestId('filter-apply-meterId').click();
  await expect(page.getByTestId('list-total')).toHaveText(`Total ${one.total}`);

  const { header, rows } = await exportSheet(page);
  expect(header).toEqual(expect.arrayContaining(['Meter Id']));
  expect(rows).toHaveLength(one.total);
  expect(new Set(rows.map((row) => row[header.indexOf('Meter Id')]))).toEqual(new Set([meterId]));
}

describeConsole('AMR data grids', () => {
  test('Interval Data filters on a meter and exports its rows', async ({ page, request }) => {
    await filterOnAMeterAndExport(page, request, {
      url: '/prepay-report/daily-data-meter',
      path: '/api/DailyDataMeter/read',
    });
  });

  test('Interval Data (Water) filters on a meter and exports its rows', async ({ page, request }) => {
    await filterOnAMeterAndExport(page, request, {
      url: '/prepay-report/daily-data',
      path: '/api/DailyData/read',
    });
  });

  test('Monthly Data filters on a meter and exports its months', async ({ page, request }) => {
    await filterOnAMeterAndExport(page, request, {
      url: '/prepay-report/monthly-data',
      path: '/api/DailyDataMeter/readMonthly',
    });
  });
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  api,
  apiLogin,
  describeAtDeskAndPhone,
  downloadWorkbook,
  setLanguage,
  signIn,
  visit,
} from './helpers';

/**
 * The AMI pages on the demo history and the simulated fleet: load profile (chart, grid, xlsx), meter
 * events (filtered, named in the user's language), firmware upgrades (upload checks, tasks) and the GPRS
 * meters' online state, each at 1366 and 375 px.
 */
type Page1<R> = { total: number; data: R[] };

async function read<R>(request: APIRequestContext, path: string, body: Record<string, unknown>) {
  const token = await apiLogin(request);
  const env = await api(request, path, body, token);
  expect(env.code, JSON.stringify(env)).toBe(0);
  return env.result as Page1<R>;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1);
}

async function pickDates(page: Page, from: string, to: string) {
  const inputs = page.getByTestId('load-profile-filter').locator('.ant-picker-range input');
  await inputs.first().click();
  await inputs.first().fill(from);
  await inputs.first().press('Enter');
  await inputs.last().fill(to);
  await inputs.last().press('Enter');
  await expect(inputs.first()).toHaveValue(from);
  await expect(inputs.last()).toHaveValue(to);
}

async function loadProfile(page: Page, request: APIRequestContext) {
  const newest = await read<{ meterId: string; currentDate: string }>(
    request,
    '/API/LoadProfile/ElectricEnergyCurve',
    { lang: 'en', pageSize: 1, orderBy: 'currentDate desc' },
  );
  const first = newest.data[0];
  if (!first) throw new Error('the demo history has no hourly readings');
  const to = first.currentDate.slice(0, 10);
  const from = day(new Date(Date.parse(`${to}T00:00:00Z`) - 2 * 86_400_000));
  const expected = await read<unknown>(request, '/API/LoadProfile/ElectricEnergyCurve', {
    lang: 'en',
    meterId: first.meterId,
    currentDateRange: [`${from} 00:00:00`, `${to} 23:59:59`],
    pageSize: 1,
  });
  expect(expected.total).toBeGreaterThan(1);

  await visit(page, '/remote-report/load-profile');
  // Without a meter the query is refused on the form, with the reason.
  await page.getByTestId('load-profile-query').click();
  await expect(page.getByText('Pick at least one meter')).toBeVisible();
  await page.getByTestId('load-profile-meters').click();
  await page.keyboard.type(first.meterId);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await pickDates(page, from, to);
  await page.getByTestId('load-profile-query').click();

  const chart = page.getByTestId('load-profile-chart');
  await expect(chart).toHaveAttribute('data-points', String(expected.total), { timeout: 30_000 });
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  const grid = page.getByTestId('load-profile-grid');
  await expect(grid.locator('.ant-pagination-total-text')).toHaveText(String(expected.total));
  await expect(grid.locator('thead')).toContainText('Active energy (kWh)');

  const wb = await downloadWorkbook(page, () => page.getByTestId('load-profile-export').click());
  const ws = wb.getWorksheet('Hourly energy curve');
  if (!ws) throw new Error('the download has no Hourly energy curve sheet');
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  // The download's columns are the grid's, in its order.
  const titles = await grid.locator('thead th').allInnerTexts();
  expect(header).toEqual(titles.map((s) => s.trim()));
  expect(header).toContain('Active energy (kWh)');
  expect(ws.rowCount).toBe(expected.total + 1);
  const meters = new Set<unknown>();
  ws.eachRow((row, n) => {
    if (n > 1) meters.add(row.getCell(1).value);
  });
  expect([...meters]).toEqual([first.meterId]);
}

/**
 * Opens a list page, waits for the total of all its rows, then filters `column` to one `choice` of its
 * list and waits for the `total` the server gave for that filter.
 */
async function filterByChoice(
  page: Page,
  path: string,
  all: number,
  filter: { column: string; choice: string | RegExp; total: number },
) {
  await visit(page, path);
  await expect(page.getByTestId('list-total')).toHaveText(`Total ${all}`, { timeout: 30_000 });
  await page.getByTestId(`filter-${filter.column}`).first().click();
  await page.getByTestId(`filter-input-${filter.column}`).click();
  await page.locator('.ant-select-item-option').filter({ hasText: filter.choice }).click();
  await page.getByTestId(`filter-apply-${filter.column}`).click();
  await expect(page.getByTestId('list-total')).toHaveText(`Total ${filter.total}`);
}

type EventRow = { meterId: string; eventCode: number; eventContent: string };

async function events(page: Page, request: APIRequestContext) {
  const all = await read<EventRow>(request, '/API/EventNotification/Read', { lang: 'en', pageSize: 100 });
  const tamper = all.data.find((e) => e.eventCode !== 0);
  if (!tamper) throw new Error('the demo history has no meter events');
  const ofCode = await read<EventRow>(request, '/API/EventNotification/Read', {
    lang: 'en',
    eventCode: tamper.eventCode,
    pageSize: 1,
  });

  await filterByChoice(page, '/remote-report/event-notification', all.total, {
    column: 'eventCode',
    choice: `${tamper.eventCode} ${tamper.eventContent}`,
    total: ofCode.total,
  });
  await expect(page.locator('[data-testid=list-table] tbody tr.ant-table-row').first()).toContainText(
    tamper.eventContent,
  );
  return tamper.eventCode;
}

async function eventsInChinese(page: Page, request: APIRequestContext, code: number) {
  const zh = await read<EventRow>(request, '/API/EventNotification/Read', {
    lang: 'zh',
    eventCode: code,
    pageSize: 1,
  });
  const name = zh.data[0]?.eventContent ?? '';
  expect(name).toMatch(/[\u4e00-\u9fff]/);
  await setLanguage(page.context(), 'zh');
  await visit(page, '/remote-report/event-notification');
  await expect(page.locator('[data-testid=list-table] tbody').getByText(name).first()).toBeVisible({
    timeout: 30_000,
  });
  await setLanguage(page.context(), 'en');
}

async function firmware(page: Page, request: APIRequestContext, tag: string) {
  const meters = await read<{ meterId: string }>(request, '/api/meter/read', { pageSize: 2 });
  const meterIds = meters.data.map((m) => m.meterId);
  expect(meterIds).toHaveLength(2);
  await visit(page, '/remote-operation/update-firmware');
  const chooser = page.locator('[data-testid=firmware-page] input[type=file]');

  await chooser.setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByTestId('firmware-problem')).toHaveText(
    'huge.bin is 2.00 MB: a firmware image may be at most 2 MB',
  );
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByTestId('firmware-problem')).toHaveText('notes.txt is not a .bin firmware image');

  const name = `meter-fw-${tag}.bin`;
  await chooser.setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(4096, 7) });
  await expect(page.getByTestId('firmware-problem')).toHaveCount(0);
  await expect(page.getByTestId('firmware-image')).toContainText(name);

  await page.getByTestId('firmware-meters').click();
  for (const id of meterIds) {
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('firmware-create').click();
  await expect(page.getByText('2 upgrade task(s) created')).toBeVisible();
  const rows = page
    .locator('[data-testid=firmware-task-list] tbody tr.ant-table-row')
    .filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  for (const id of meterIds) await expect(rows.filter({ hasText: id })).toHaveCount(1);
  // Each row shows a state of the four and its progress bar.
  await expect(rows.first().locator('[data-status]')).toHaveText(/Standby|Running|Success|Failure/);
  await expect(rows.first().locator('.ant-progress')).toHaveCount(1);
}

async function online(page: Page, request: APIRequestContext) {
  const all = await read<{ meterId: string; isOnline: boolean }>(request, '/API/GPRSOnlineStatus/Read', {
    pageSize: 1,
  });
  const on = await read<unknown>(request, '/API/GPRSOnlineStatus/Read', { isOnline: true, pageSize: 1 });
  await filterByChoice(page, '/remote-report/gprs-online-status', all.total, {
    column: 'isOnline',
    choice: /^Online$/,
    total: on.total,
  });
}

describeAtDeskAndPhone('AMI pages', (viewport) => {
  test('load profile: a meter and dates give the chart, the grid and the same rows in the xlsx', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await loadProfile(page, request);
    await fitsWidth(page, viewport.width);
  });

  test('meter events: filtered by event code, named in the user language', async ({ page, request }) => {
    await signIn(page);
    const code = await events(page, request);
    await fitsWidth(page, viewport.width);
    await eventsInChinese(page, request, code);
  });

  test('firmware: an image over 2 MB or not .bin is refused, a good one upgrades two meters', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await firmware(page, request, String(viewport.width));
    await fitsWidth(page, viewport.width);
  });

  test('GPRS online status: every meter with its state, filtered on online', async ({ page, request }) => {
    await signIn(page);
    await online(page, request);
    await fitsWidth(page, viewport.width);
  });
});

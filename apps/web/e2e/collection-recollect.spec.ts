import { expect, type Page, test } from '@playwright/test';
import {
  api,
  apiLogin,
  bodyRows,
  describeConsole,
  ensureRoleUser,
  settledBox,
  signIn,
  USER_PASSWORD,
  visit,
} from './helpers';

async function openFirstRow(page: Page) {
  await visit(page, '/prepay-report/daily-data-meter');
  await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]\d*/, { timeout: 30_000 });
  const row = bodyRows(page).first();
  await expect(row).toBeVisible();
  return row;
}

/** The Re-collect action of Interval Data: a role-only key, a dialog, a queued range. */
describeConsole('re-collect', () => {
  test('Re-collect queues the row’s meter and day for the collection', async ({ page, request }) => {
    await signIn(page);
    const row = await openFirstRow(page);
    await row.getByTestId('recollect-action').click();
    const dialog = page.getByRole('dialog', { name: /Re-collect meter/ });
    await expect(dialog).toBeVisible();
    const title = (await dialog.locator('.ant-modal-title').textContent()) ?? '';
    const meterId = /(\d{6,})/.exec(title)?.[1] ?? '';
    expect(meterId).not.toBe('');
    await dialog.getByTestId('recollect-submit').click();
    await expect(page.getByText(/1 period\(s\) queued for collection/)).toBeVisible();
    await expect(dialog).toBeHidden();

    const token = await apiLogin(request);
    const jobs = await api(request, '/api/collection/jobs', { meterId }, token);
    expect(jobs.code, jobs.reason).toBe(0);
    const mine = (jobs.result as { requestedBy: string | null; kind: string }[]).filter(
      (j) => j.requestedBy === 'admin' && j.kind === 'daily',
    );
    expect(mine).toHaveLength(1);
  });

  test('Interval Data (Water) re-collects a water meter’s day the same way', async ({ page, request }) => {
    await signIn(page);
    await visit(page, '/prepay-report/daily-data');
    await expect(page.getByTestId('list-total').first()).toHaveText(/Total [1-9]\d*/, { timeout: 30_000 });
    const row = bodyRows(page).first();
    await row.getByTestId('recollect-action').click();
    const dialog = page.getByRole('dialog', { name: /Re-collect meter/ });
    const title = (await dialog.locator('.ant-modal-title').textContent()) ?? '';
    const meterId = /(\d{6,})/.exec(title)?.[1] ?? '';
    await dialog.getByTestId('recollect-submit').click();
    await expect(page.getByText(/1 period\(s\) queued for collection/)).toBeVisible();

    const token = await apiLogin(request);
    const meter = await api(request, '/api/meter/read', { meterId }, token);
    expect((meter.result as { data: { type: number }[] }).data[0]?.type).toBe(1);
    const jobs = await api(request, '/api/collection/jobs', { meterId }, token);
    const mine = (jobs.result as { requestedBy: string | null }[]).filter((j) => j.requestedBy === 'admin');
    expect(mine).toHaveLength(1);
  });

  test('the action is hidden without the Re-collect key', async ({ page, request }) => {
    await ensureRoleUser(
      request,
      'amr_viewer',
      'PrepayReport.ConsumptionStatistics,AutomaticMeterReading.DailyDataMeter',
      'amr_viewer_user',
    );
    await signIn(page, 'amr_viewer_user', USER_PASSWORD);
    const row = await openFirstRow(page);
    await expect(row.getByRole('button', { name: 'Hourly' })).toBeVisible();
    await expect(page.getByTestId('recollect-action')).toHaveCount(0);
  });

  test('the Re-collect dialog fits a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const row = await openFirstRow(page);
    await row.getByTestId('recollect-action').scrollIntoViewIfNeeded();
    await row.getByTestId('recollect-action').click();
    const dialog = page.getByRole('dialog', { name: /Re-collect meter/ });
    await expect(dialog.getByTestId('recollect-submit')).toBeVisible();
    const box = await settledBox(dialog);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});

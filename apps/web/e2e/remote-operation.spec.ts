import { expect, type Locator, type Page, test } from '@playwright/test';
import { bodyRows, describeConsole, loginAs } from './helpers';

/** Rows of the account grid whose meter is online and speaks protocol 2.2 (one version per batch). */
async function onlineRows(page: Page, count: number): Promise<Locator[]> {
  const rows = bodyRows(page);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Online' }).first()).toBeVisible({ timeout: 60_000 });
  const usable = rows.filter({ hasText: 'Online' }).filter({ hasText: '2.2' });
  await expect.poll(() => usable.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  return Array.from({ length: count }, (_, i) => usable.nth(i));
}

const meterIdOf = async (row: Locator) => (await row.locator('td').nth(4).innerText()).trim();

/** Signs in on a Remote Operation page and opens Add Task on its first online meter. */
async function addTaskOnOnlineMeter(page: Page, path: string) {
  await loginAs(page, undefined, undefined, path);
  const [row] = await onlineRows(page, 1);
  if (!row) throw new Error('no online meter');
  const meterId = await meterIdOf(row);
  await row.getByTestId('add-task').click();
  return { meterId, dialog: page.getByTestId('add-task-dialog') };
}

async function openTaskListFromToast(page: Page) {
  await expect(page.getByTestId('task-created')).toBeVisible();
  await page.getByTestId('view-task').click();
}

/**
 * Remote Operation through the real server, head-end and simulated fleet (SIMULATOR=on): add tasks from
 * the account lists and watch them finish in the task lists, as an operator does.
 */
describeConsole('remote operation', () => {
  test('Meter Control → Add Task → the control task list shows it turn Success', async ({ page }) => {
    const { meterId, dialog } = await addTaskOnOnlineMeter(page, '/remote-operation/remote-meter-control');
    await expect(dialog.getByTestId('task-meter-ids')).toHaveValue(meterId);
    await dialog.getByText('Switch Off').click();
    // Cutting supply asks a reason, then a confirmation.
    await dialog.getByTestId('switch-off-reason').fill('Field test');
    await dialog.getByTestId('add-task-confirm').click();
    await page.getByTestId('switch-off-ok').click();
    await openTaskListFromToast(page);
    await expect(page).toHaveURL(/remote-meter-control-task/);
    const task = bodyRows(page).filter({ hasText: meterId }).first();
    await expect(task).toContainText('Switch Off');
    // The list refreshes on its own while the task runs.
    await expect(task.getByTestId('task-status')).toHaveText('Success', { timeout: 60_000 });
    await expect(task.getByTestId('task-data')).toContainText('Relay Disconnected');
    // Switch it back on for the other tests.
    await page.goto('/remote-operation/remote-meter-control');
    const again = bodyRows(page).filter({ hasText: meterId });
    await again.getByTestId('add-task').click();
    await page.getByTestId('add-task-dialog').getByText('Switch On').click();
    await page.getByTestId('add-task-confirm').click();
    await expect(page.getByTestId('task-created')).toBeVisible();
  });

  test('Meter Reading with two data items on a batch of three meters', async ({ page }) => {
    await loginAs(page, undefined, undefined, '/remote-operation/remote-meter-reading');
    const rows = await onlineRows(page, 3);
    const ids: string[] = [];
    for (const row of rows) {
      ids.push(await meterIdOf(row));
      await row.locator('.ant-checkbox-input').check();
    }
    await page.getByTestId('add-batch-task').click();
    const dialog = page.getByTestId('add-task-dialog');
    await expect(dialog.getByTestId('task-meter-ids')).toHaveValue(ids.join(','));
    await dialog.getByTestId('tree-filter').fill('Total');
    await dialog.getByTestId('data-item-tree').getByText('Total Consumption').click();
    await dialog.getByTestId('tree-filter').fill('');
    await dialog.getByTestId('data-item-tree').getByText('Credit balance').click();
    await dialog.getByTestId('add-task-confirm').click();
    await expect(page.getByTestId('task-created')).toContainText('6 task(s) created');
    await page.getByTestId('view-task').click();
    const tasks = bodyRows(page);
    for (const id of ids) {
      for (const item of ['Total Consumption', 'Credit balance']) {
        const task = tasks.filter({ hasText: id }).filter({ hasText: item });
        await expect(task.getByTestId('task-status')).toHaveText('Success', { timeout: 60_000 });
        await expect(task.getByTestId('task-data')).toContainText(/\(kWh\): \d+\.\d{2}/);
      }
    }
  });

  test('Resend of a failed task runs the same task again and shows both attempts', async ({ page }) => {
    const { meterId, dialog } = await addTaskOnOnlineMeter(page, '/remote-operation/remote-meter-token');
    // A mistyped token: well-formed (20 digits) but not made with this meter's key, so the simulated
    // meter rejects it — a meter error, hence a Failure, every time it is sent. (The simulated fleet
    // now stores every setting item, Trip Delay included, so a setting no longer fails.)
    await dialog.getByTestId('token-input').fill('1234 5678 9012 3456 7890');
    await dialog.getByTestId('add-task-confirm').click();
    await openTaskListFromToast(page);
    const task = bodyRows(page).filter({ hasText: meterId }).first();
    await expect(task.getByTestId('task-status')).toHaveText('Failure', { timeout: 60_000 });
    // The task's Id sits in the column chooser: shown here, where the same task is what is checked.
    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-column-id').click();
    await page.getByTestId('list-columns').click();
    await expect(page.locator('thead').getByTestId('th-id')).toBeVisible();
    const id = (await task.locator('td').nth(1).innerText()).trim();
    await task.getByTestId('task-resend').click();
    await expect(page.getByText('Resend succeeded')).toBeVisible();
    const same = bodyRows(page).filter({ hasText: meterId }).first();
    await expect(same.locator('td').nth(1)).toHaveText(id);
    await expect(same.getByTestId('task-status')).toHaveText('Failure', { timeout: 60_000 });
    await same.getByTestId('task-detail').click();
    const attempts = page.getByTestId('attempts-dialog').getByTestId('attempt');
    await expect(attempts).toHaveCount(2);
    await expect(page.getByTestId('attempts-dialog').getByTestId('attempt-outcome').first()).toHaveText(
      'Meter error',
    );
    await expect(page.getByTestId('attempts-dialog')).toContainText(/68( [0-9A-F]{2})+ 16/);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test('the account list and the Add Task dialog fit the phone; the token field checks its input', async ({
      page,
    }) => {
      await loginAs(page, undefined, undefined, '/remote-operation/remote-meter-token');
      const [row] = await onlineRows(page, 1);
      if (!row) throw new Error('no online meter');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
      await expect(page.getByTestId('add-batch-task')).toBeInViewport();
      await row.getByTestId('add-task').click();
      // The test id sits on the modal's root (an unboxed wrapper): the box the user sees is its dialog.
      const dialog = page.getByTestId('add-task-dialog').getByRole('dialog');
      await expect(page.getByTestId('token-input')).toBeVisible();
      const box = await page.getByTestId('token-input').boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(376);
      await page.getByTestId('token-input').fill('1234-5678');
      await page.getByTestId('add-task-confirm').click();
      await expect(page.getByText('Please enter valid token')).toBeVisible();
      await expect(dialog).toBeVisible();
      await page.goto('/remote-operation-record/remote-meter-reading-task');
      await expect(page.getByTestId('list-total')).toHaveText(/Total \d+/, { timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    });
  });
});

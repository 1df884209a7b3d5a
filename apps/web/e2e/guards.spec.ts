import { expect, type Page, type Request, test } from '@playwright/test';
import { bodyRows, describeConsole, loginAs } from './helpers';
import { openVendRecord, uniqueSuffix } from './vending-helpers';

const CONTROL = '/remote-operation/remote-meter-control';

/** Opens Add Task on the control page's first meter and picks Switch Off; the meter's id and the dialog. */
async function switchOffDialog(page: Page) {
  const row = bodyRows(page).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const meterId = (await row.locator('td').nth(4).innerText()).trim();
  await row.getByTestId('add-task').click();
  const dialog = page.getByTestId('add-task-dialog');
  await dialog.getByText('Switch Off').click();
  return { meterId, dialog };
}

/** The body of the next control-task create the console sends. */
const nextCreate = (page: Page) =>
  page.waitForRequest((r: Request) => /CreateControlTask$/i.test(r.url()) && r.method() === 'POST');

describeConsole('guarded actions', () => {
  test('Switch Off asks a reason and a confirmation naming meter and reason; the task list shows the reason', async ({
    page,
  }) => {
    await loginAs(page, undefined, undefined, CONTROL);
    const { meterId, dialog } = await switchOffDialog(page);
    await expect(dialog.getByTestId('switch-off-warning')).toContainText('cuts the supply of 1 customer');
    // No password asked where the server does not demand it.
    await expect(dialog.getByTestId('switch-off-password')).toHaveCount(0);

    await dialog.getByTestId('add-task-confirm').click();
    await expect(dialog).toContainText('Please give the reason for cutting supply');
    await expect(page.getByTestId('switch-off-question')).toHaveCount(0);

    const reason = `Unpaid bill ${uniqueSuffix()}`;
    await dialog.getByTestId('switch-off-reason').fill(reason);
    await dialog.getByTestId('add-task-confirm').click();
    await expect(page.getByTestId('switch-off-question')).toHaveText(
      `Meter(s) ${meterId} will open the relay or valve. Reason: ${reason}`,
    );
    // Backing out of the confirmation sends nothing and keeps the dialog for another go.
    await page.getByTestId('switch-off-cancel').click();
    await expect(page.getByTestId('switch-off-question')).toHaveCount(0);
    await expect(dialog.getByTestId('switch-off-reason')).toHaveValue(reason);
    await expect(page.getByTestId('task-created')).toHaveCount(0);

    await dialog.getByTestId('add-task-confirm').click();
    const sent = nextCreate(page);
    await page.getByTestId('switch-off-ok').click();
    expect((await sent).postDataJSON()).toEqual([
      expect.objectContaining({ meterId, flag: 'C03C', remark: reason }),
    ]);
    await expect(page.getByTestId('task-created')).toBeVisible();
    await page.getByTestId('view-task').click();
    const task = bodyRows(page).filter({ hasText: reason });
    await expect(task.getByTestId('task-remark')).toHaveText(reason);
    await expect(task).toContainText(meterId);

    // Back on for the other tests: Switch On asks nothing more.
    await page.goto(CONTROL);
    const again = bodyRows(page).filter({ hasText: meterId }).first();
    await again.getByTestId('add-task').click();
    const on = page.getByTestId('add-task-dialog');
    await on.getByText('Switch On').click();
    await expect(on.getByTestId('switch-off-reason')).toHaveCount(0);
    await on.getByTestId('add-task-confirm').click();
    await expect(page.getByTestId('task-created')).toBeVisible();
  });

  test('where the server demands it, Switch Off asks the authorization password and sends it', async ({
    page,
  }) => {
    // The server says so in the user's info (SWITCH_OFF_REQUIRES_AUTHORIZATION); this server runs without it.
    await page.route(/\/api\/user\/info$/i, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: { ...body, result: { ...body.result, switchOffNeedsAuthorization: true } },
      });
    });
    await loginAs(page, undefined, undefined, CONTROL);
    const { dialog } = await switchOffDialog(page);
    await dialog.getByTestId('switch-off-reason').fill('Meter bypass');
    await dialog.getByTestId('add-task-confirm').click();
    await expect(dialog).toContainText('Required');
    await expect(page.getByTestId('switch-off-question')).toHaveCount(0);
    await dialog.getByTestId('switch-off-password').fill('Typed-Password-1');
    await dialog.getByTestId('add-task-confirm').click();
    // The wrong password is the server's to refuse: the request carries it.
    const sent = nextCreate(page);
    await page.getByTestId('switch-off-ok').click();
    expect((await sent).postDataJSON()).toEqual([
      expect.objectContaining({ remark: 'Meter bypass', authorizationPassword: 'Typed-Password-1' }),
    ]);
  });

  test('Cancel token stands apart from Print: its own bordered button, a gap and a divider between', async ({
    page,
    request,
  }) => {
    const { receipt } = await openVendRecord(page, request, { suffix: uniqueSuffix(7), amount: '41.25' });
    const row = bodyRows(page).first();
    const print = await row.getByTestId('row-print').boundingBox();
    const cancel = await row.getByTestId('row-cancel').boundingBox();
    if (!print || !cancel) throw new Error('the row shows Print and Cancel token');
    // Side by side on one line, never one under the other, with room between them.
    expect(Math.abs(print.y + print.height / 2 - (cancel.y + cancel.height / 2))).toBeLessThan(4);
    expect(cancel.x - (print.x + print.width)).toBeGreaterThanOrEqual(12);
    await expect(row.locator('.record-actions .ant-divider-vertical')).toHaveCount(1);
    await expect(row.getByTestId('row-cancel')).not.toHaveClass(/ant-btn-link/);
    await expect(row.getByTestId('row-cancel')).toHaveClass(/ant-btn-dangerous/);

    await row.getByTestId('row-cancel').click();
    await expect(page.getByTestId('cancel-question')).toHaveText(
      `Cancel receipt ${receipt.receiptId} of 41.25? The token becomes invalid.`,
    );
    await page.getByTestId('cancel-close').click();
    await expect(row).toContainText('Issued');
  });
});

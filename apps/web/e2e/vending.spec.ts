import { expect, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { bodyRows, describeConsole, settledBox, signIn } from './helpers';
import {
  openAndSearch,
  openTokenDialog,
  printReceipt,
  TOKEN,
  tokenIn,
  uniqueSuffix,
  vendableAccount,
} from './vending-helpers';

describeConsole('vending', () => {
  test('vend by total paid → confirmation → receipt → record → cancel → cancel record', async ({
    page,
    request,
    context,
  }) => {
    const { meterId, customerId } = await vendableAccount(request, uniqueSuffix());
    await signIn(page);

    await openAndSearch(page, '/token-generate/credit-token', meterId);
    await expect(page.getByTestId('quota')).toContainText(/Quota\(kwh\): (No Limit|\d+\/\d+)/);
    await bodyRows(page).first().getByTestId('row-action').click();

    const recharge = page.getByRole('dialog', { name: 'Recharge' });
    await expect(recharge).toBeVisible();
    // Spec §5 messages.
    await recharge.getByTestId('recharge-amount').fill('abc');
    await recharge.getByTestId('recharge-next').click();
    await expect(recharge.getByText('Please enter a valid number')).toBeVisible();
    await recharge.getByTestId('recharge-amount').fill('10.123');
    await expect(recharge.getByText('Total paid with at most 2 decimals')).toBeVisible();
    await recharge.getByText('Vend By Total Unit').click();
    await recharge.getByTestId('recharge-amount').fill('5.25');
    await expect(recharge.getByText('Total unit with at most 1 decimal')).toBeVisible();
    await recharge.getByText('Vend By Total Paid').click();
    await recharge.getByTestId('recharge-amount').fill('107.50');
    await recharge.getByTestId('recharge-next').click();

    const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByTestId('breakdown-totalPaid')).toHaveText('107.50');
    // 10 per kWh + 7.5 % VAT: 100.00 energy, 7.50 VAT, 10.0 kWh.
    await expect(confirmation.getByTestId('breakdown-tax')).toHaveText('7.50');
    await expect(confirmation.getByTestId('breakdown-totalUnit')).toHaveText('10.0 kWh');
    // Nothing is vended without the authorization password.
    await confirmation.getByTestId('confirm-vend').click();
    await expect(confirmation.getByText('Required')).toBeVisible();
    await confirmation.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await confirmation.getByTestId('confirm-vend').click();

    const done = page.getByRole('dialog', { name: 'Recharge Succeeded' });
    await expect(done).toBeVisible();
    const token = tokenIn(await done.getByTestId('token-text').textContent());
    expect(token).toMatch(TOKEN);
    const receiptId = ((await done.getByTestId('receipt-id').textContent()) ?? '').trim();
    expect(receiptId).toMatch(/^\d+$/);

    // The receipt prints through /pdf/table-normal in a new tab.
    const receipt = await printReceipt(context, done);
    await receipt.waitForLoadState();
    const view = receipt.getByTestId('print-view');
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view).toContainText('Credit Token Receipt');
    await expect(view).toContainText(token);
    await expect(view).toContainText(receiptId);
    await expect(view).toContainText(customerId);
    await expect(view).toContainText('7.50');
    await expect(view).toContainText('admin');
    // No logo uploaded: the product name stands in for it.
    await expect(view).toContainText('Prepayment System');
    await receipt.close();
    await done.getByTestId('dialog-close').click();

    // The record, with its token in groups of four.
    await openAndSearch(page, '/token-record/credit-token-record', meterId);
    const row = bodyRows(page).first();
    await expect(row.getByTestId('record-token')).toHaveText(token);
    await expect(row).toContainText('Issued');

    // Cancel it with the authorization password and a remark.
    await row.getByTestId('row-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Credit Token' });
    await cancel.getByTestId('cancel-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await cancel.getByTestId('cancel-remark').fill('Customer paid twice');
    await cancel.getByTestId('cancel-submit').click();
    await expect(cancel).toBeHidden();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByTestId('row-cancel')).toHaveCount(0);

    await openAndSearch(page, '/token-record/credit-token-cancel-record', meterId);
    await expect(bodyRows(page).first()).toContainText('Customer paid twice');
    await expect(bodyRows(page).first().getByTestId('record-token')).toHaveText(token);
    // Both numbers: the cancelled vend's receipt first, the cancellation's own number beside it.
    await expect(page.getByRole('columnheader', { name: 'Cancel Receipt Id' })).toBeVisible();
    const cells = bodyRows(page).first().locator('td:not(.ant-table-selection-column)');
    await expect(cells.nth(0)).toHaveText(receiptId);
    await expect(cells.nth(1)).toHaveText(/^\d+$/);
  });

  test('a management token (clear tamper) shows its token and lands in its record page', async ({
    page,
    request,
  }) => {
    const { meterId } = await vendableAccount(request, uniqueSuffix(1));
    await signIn(page);
    const dialog = await openTokenDialog(page, '/token-generate/clear-tamper-token', meterId);
    await dialog.getByTestId('token-remark').fill('Tamper cleared on site');
    await dialog.getByTestId('generate-submit').click();
    const token = tokenIn(await dialog.getByTestId('token-text').textContent());
    expect(token).toMatch(TOKEN);
    await dialog.getByTestId('dialog-close').click();

    await openAndSearch(page, '/token-record/clear-tamper-token-record', meterId);
    await expect(bodyRows(page).first().getByTestId('record-token')).toHaveText(token);
  });

  test('maximum power refuses a fraction; works at 375 px', async ({ page, request }) => {
    const { meterId } = await vendableAccount(request, uniqueSuffix(2));
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const dialog = await openTokenDialog(page, '/token-generate/set-maximum-power-limit-token', meterId);
    await dialog.getByTestId('token-value').fill('1500.5');
    await dialog.getByTestId('generate-submit').click();
    await expect(dialog.getByText('Please enter an integer')).toBeVisible();
    await dialog.getByTestId('token-value').fill('1500');
    await dialog.getByTestId('generate-submit').click();
    await expect(dialog.getByTestId('token-text')).toHaveText(TOKEN);
    // The dialog fits the narrow screen (measured once its zoom-in has finished).
    const box = await settledBox(page.locator('.ant-modal').first());
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { api, apiLogin, bodyRows, describeConsole, signIn } from './helpers';
import { openAndSearch, openRecharge, printReceipt, TOKEN, tokenIn } from './vending-helpers';

interface Priced {
  totalPaid: number;
  monthlyCharge: number;
  remainingDebt: number;
  carriedIn: number;
  carriedOut: number;
}

/** A money figure as the console writes it, the currency after it when one is set. */
const shown = (n: number) => new RegExp(`^${n.toFixed(2).replace('.', '\\.')}( \\S+)?$`);

/** The first demo account (by customer id, as the Credit Token list opens) and an admin API token. */
async function firstDemoAccount(request: APIRequestContext) {
  const token = await apiLogin(request);
  const env = await api(request, '/api/account/read', { orderBy: 'customerId asc', pageSize: 1 }, token);
  expect(env.code, env.reason).toBe(0);
  const [account] = (env.result as { data: Array<Record<string, string | null>> }).data;
  expect(account?.meterId).toBeTruthy();
  return { token, account: account as { meterId: string; customerAddress: string | null } };
}

/** The server's own price of a payment (a preview: nothing is sold). */
async function preview(request: APIRequestContext, token: string, meterId: string, amount: string) {
  const env = await api(
    request,
    '/api/token/creditToken/generate',
    { meterId, isPreview: true, isVendByTotalPaid: true, amount, payDebtPercent: 0 },
    token,
  );
  expect(env.code, env.reason).toBe(0);
  return env.result as Priced;
}

/** Types the amount, goes to the confirmation, confirms with the authorization password: the done dialog. */
async function sell(page: Page, recharge: Locator, amount: string) {
  await recharge.getByTestId('recharge-amount').fill(amount);
  await recharge.getByTestId('recharge-amount').press('Enter');
  const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
  await expect(confirmation.getByTestId('authorization-password')).toBeFocused();
  return confirmation;
}

async function confirm(page: Page, confirmation: Locator) {
  await confirmation.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
  await confirmation.getByTestId('confirm-vend').click();
  const done = page.getByRole('dialog', { name: 'Recharge Succeeded' });
  expect(tokenIn(await done.getByTestId('token-text').textContent())).toMatch(TOKEN);
  return done;
}

describeConsole('vending: any cash amount sells, change carried forward', () => {
  test('6,000 by total paid on the first demo account sells; the receipt shows the carried change and the next sale spends it', async ({
    page,
    context,
    request,
  }) => {
    const { token, account } = await firstDemoAccount(request);
    const priced = await preview(request, token, account.meterId, '6000');
    // 6,000 does not buy whole 0.1 kWh steps on this account: some change is carried forward.
    expect(priced.carriedOut).toBeGreaterThan(0);

    await signIn(page);
    const recharge = await openRecharge(page, account.meterId);
    // At a desk the keyboard hint is there (on a phone it is not: the next test).
    await expect(page.getByTestId('keyboard-hint')).toBeVisible();
    const confirmation = await sell(page, recharge, '6000');
    await expect(confirmation.getByTestId('breakdown-totalPaid')).toHaveText('6000.00');
    await expect(confirmation.getByTestId('breakdown-carriedOut')).toHaveText(priced.carriedOut.toFixed(2));
    await expect(confirmation.getByTestId('vend-summary')).toContainText('kept as change carried forward');
    const done = await confirm(page, confirmation);
    await expect(done.getByTestId('breakdown-carriedOut')).toHaveText(priced.carriedOut.toFixed(2));

    const receipt = await printReceipt(context, done);
    const view = receipt.getByTestId('print-view');
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view).toContainText('Change Carried Forward');
    await expect(view).toContainText(priced.carriedOut.toFixed(2));
    await receipt.close();
    await done.getByTestId('dialog-close').click();

    // The Credit Token list shows the account's carried change and this sale as its last purchase.
    await openAndSearch(page, '/token-generate/credit-token', account.meterId);
    const row = bodyRows(page).first();
    await expect(row.getByTestId('cell-carriedChange')).toHaveText(priced.carriedOut.toFixed(2));
    await expect(row.getByTestId('cell-lastPurchase')).toContainText('6000.00');
    const read = await api(request, '/api/account/read', { meterId: account.meterId }, token);
    const [after] = (read.result as { data: Array<{ remainingDebt: number | null }> }).data;
    await expect(row.getByTestId('cell-remainingDebt')).toHaveText(after?.remainingDebt?.toFixed(2) ?? '');

    // The next sale: the dialog shows the carried change, and the sale spends it first.
    const next = await openRecharge(page, account.meterId);
    await expect(next.getByTestId('account-carried')).toHaveText(shown(priced.carriedOut));
    const nextConfirmation = await sell(page, next, '1000');
    await expect(nextConfirmation.getByTestId('breakdown-carriedIn')).toHaveText(
      priced.carriedOut.toFixed(2),
    );
    await expect(nextConfirmation.getByTestId('vend-summary')).toContainText('change from earlier sales');
    const nextDone = await confirm(page, nextConfirmation);
    await expect(nextDone.getByTestId('breakdown-carriedIn')).toHaveText(priced.carriedOut.toFixed(2));
    const nextReceipt = await printReceipt(context, nextDone);
    await expect(nextReceipt.getByTestId('print-view')).toContainText('Change from Earlier Sales', {
      timeout: 30_000,
    });
    await nextReceipt.close();
  });

  test('the Recharge dialog shows debt, charge due, carried change, last purchase and address, with Cash chosen', async ({
    page,
    request,
  }) => {
    const { token, account } = await firstDemoAccount(request);
    const state = await preview(request, token, account.meterId, '10000');
    const records = await api(
      request,
      '/api/token/creditTokenRecord/read',
      { meterId: account.meterId, status: 0, orderBy: 'receiptId desc', pageSize: 20 },
      token,
    );
    const last = (
      records.result as { data: Array<{ meterId: string; createDate: string; totalPaid: number }> }
    ).data.find((r) => r.meterId === account.meterId);

    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page);
    const recharge = await openRecharge(page, account.meterId);
    // No keyboard hints on a phone.
    await expect(page.getByTestId('keyboard-hint')).toBeHidden();
    await expect(recharge.getByTestId('account-debt')).toHaveText(shown(state.remainingDebt));
    await expect(recharge.getByTestId('account-chargeDue')).toHaveText(shown(state.monthlyCharge));
    await expect(recharge.getByTestId('account-carried')).toHaveText(shown(state.carriedIn));
    await expect(recharge.getByTestId('account-address')).toHaveText(account.customerAddress ?? '—');
    if (last) {
      await expect(recharge.getByTestId('account-lastPurchase')).toContainText(last.createDate);
      await expect(recharge.getByTestId('account-lastPurchase')).toContainText(last.totalPaid.toFixed(2));
    } else {
      await expect(recharge.getByTestId('account-lastPurchase')).toHaveText('None yet');
    }
    await expect(recharge.getByTestId('payment-method')).toContainText('Cash');
    // Readable at 375 px: the panel stays inside the window.
    const box = await recharge.getByTestId('account-before-sale').boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  });

  test('a payment too small to sell names the least amount that sells', async ({ page, request }) => {
    const { account } = await firstDemoAccount(request);
    await signIn(page);
    const recharge = await openRecharge(page, account.meterId);
    await recharge.getByTestId('recharge-amount').fill('0.01');
    await recharge.getByTestId('recharge-amount').press('Enter');
    await expect(recharge.getByTestId('vend-error')).toContainText(/The least amount that sells is \d/);
    await expect(page.getByRole('dialog', { name: 'Transaction Confirmation' })).toHaveCount(0);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import {
  api,
  apiLogin,
  bodyRows,
  describeConsole,
  downloadWorkbook,
  ensureRoleUser,
  fillLogin,
  setLanguage,
  signIn,
} from './helpers';
import {
  openAndSearch,
  openRecharge,
  openVendRecord,
  TOKEN,
  tokenIn,
  uniqueSuffix,
  vendableAccount,
  vendedAccount,
} from './vending-helpers';

declare global {
  interface Window {
    mousePresses: number;
  }
}

/** Trusted mouse and pointer presses the page has seen (keyboard activation fires none of them). */
async function watchMouse(page: Page) {
  await page.addInitScript(() => {
    window.mousePresses = 0;
    for (const type of ['mousedown', 'pointerdown', 'mouseup', 'contextmenu']) {
      window.addEventListener(type, (e) => {
        if (e.isTrusted) window.mousePresses += 1;
      });
    }
  });
}
const mousePresses = (page: Page) => page.evaluate(() => window.mousePresses);

/** The keyboard, counting every key pressed (a typed text counts one per character). */
function countingKeyboard(page: Page) {
  let count = 0;
  return {
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
    get count() {
      return count;
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const en = (n: number, digits = 2) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

describeConsole('vending office', () => {
  // Keys: meter id (11) + Enter (search) + Enter (Recharge) + "107.50" (6) + Enter (preview)
  // + authorization password (14) + Enter (confirm) + Enter (print) = 36.
  test('keyboard-only vend from page open to printed receipt in 36 keystrokes, no mouse', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const { meterId, customerId } = await vendableAccount(request, uniqueSuffix(10));
    expect(meterId).toHaveLength(11);
    await signIn(page);
    await watchMouse(page);
    await page.goto('/token-generate/credit-token');
    const search = page.getByTestId('list-search-term');
    // Focus is in the search box on open.
    await expect(search).toBeFocused({ timeout: 30_000 });
    expect(await mousePresses(page)).toBe(0);

    const keys = countingKeyboard(page);
    await keys.type(meterId);
    await keys.press('Enter');
    await expect(bodyRows(page)).toHaveCount(1);
    // Once the rows arrive, focus is on the first row's Recharge.
    await expect(bodyRows(page).first().getByTestId('row-action')).toBeFocused();
    await keys.press('Enter');

    const recharge = page.getByRole('dialog', { name: 'Recharge' });
    await expect(recharge.getByTestId('recharge-amount')).toBeFocused();
    await keys.type('107.50');
    await keys.press('Enter');

    const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
    await expect(confirmation.getByTestId('authorization-password')).toBeFocused();
    // What the customer gets, in words a cashier reads out.
    const summary = confirmation.getByTestId('vend-summary');
    await expect(summary).toContainText('The customer pays 107.50 NGN and gets 10.0 kWh.');
    await expect(summary).toContainText('7.50 NGN is VAT');
    await keys.type(ADMIN_AUTHORIZATION_PASSWORD);
    await keys.press('Enter');

    const done = page.getByRole('dialog', { name: 'Recharge Succeeded' });
    await expect(done.getByTestId('print-receipt')).toBeFocused();
    await expect(done.getByTestId('vend-error')).toHaveCount(0);
    const token = tokenIn(await done.getByTestId('token-text').textContent());
    expect(token).toMatch(TOKEN);
    const receiptId = ((await done.getByTestId('receipt-id').textContent()) ?? '').trim();
    const [receipt] = await Promise.all([context.waitForEvent('page'), keys.press('Enter')]);

    expect(keys.count).toBe(36);
    expect(await mousePresses(page)).toBe(0);

    const view = receipt.getByTestId('print-view');
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view).toContainText('Demo Power Utility');
    await expect(view).toContainText(receiptId);
    await expect(view).toContainText(customerId);
    await expect(view).toContainText('107.50 NGN');
    await expect(view).toContainText('7.50 NGN');
    await expect(view).toContainText('Station');
    await expect(view.getByTestId('print-mark')).toHaveCount(0);
    // The token in five groups of four, each kept on one line.
    const groups = view.locator('.print-token-group');
    await expect(groups).toHaveCount(5);
    expect((await groups.allInnerTexts()).join(' ')).toBe(token);
    for (const paper of ['58', '80', 'A4'] as const) {
      await receipt.goto(`/pdf/table-normal?paper=${paper}`);
      await expect(receipt.getByTestId('print-view')).toHaveAttribute('data-paper', paper);
      const heights = await receipt
        .locator('.print-token-group')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      const lineHeight = Math.min(...heights);
      // No group is wrapped inside: every group is one line high.
      for (const h of heights) expect(h).toBeLessThan(lineHeight * 1.5);
      // Kept in the test's output folder (test-results/…/receipt-58.png …) and attached to the report.
      const path = testInfo.outputPath(`receipt-${paper}.png`);
      await receipt.getByTestId('print-view').screenshot({ path });
      await testInfo.attach(`receipt-${paper}`, { path, contentType: 'image/png' });
    }
    await receipt.close();

    // Esc closes the dialog and the search box is ready for the next customer.
    await page.keyboard.press('Escape');
    await expect(done).toBeHidden();
    await expect(search).toBeFocused();
  });

  // An amount a token cannot carry exactly: the dialog offers the nearest amounts, the first taken with Enter.
  for (const c of [
    {
      title: 'an amount a token cannot carry offers the nearest one, taken with one Enter',
      suffix: 11,
      byUnit: true,
      // 2000.5 kWh: above 1638.3 a token carries whole steps of 1 kWh from 1638.4 (… 2000.4, 2001.4 …).
      amount: '2000.5',
      says: 'A token cannot carry exactly 2000.5 kWh.',
      nearest: 'Vend 2000.4 kWh instead',
      other: 'Vend 2001.4 kWh instead',
      breakdown: { totalUnit: '2000.4 kWh' },
    },
  ]) {
    test(c.title, async ({ page, request }) => {
      const { meterId } = await vendableAccount(request, uniqueSuffix(c.suffix));
      await signIn(page);
      const recharge = await openRecharge(page, meterId);
      if (c.byUnit) await recharge.getByText('Vend By Total Unit').click();
      await recharge.getByTestId('recharge-amount').fill(c.amount);
      await recharge.getByTestId('recharge-amount').press('Enter');
      const choice = recharge.getByTestId('nearest-choice');
      await expect(choice).toContainText(c.says);
      await expect(choice.getByTestId('nearest-amount')).toHaveText(c.nearest);
      await expect(choice.getByTestId('other-amount')).toHaveText(c.other);
      await expect(choice.getByTestId('nearest-amount')).toBeFocused();
      await page.keyboard.press('Enter');
      const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
      for (const [figure, text] of Object.entries(c.breakdown)) {
        await expect(confirmation.getByTestId(`breakdown-${figure}`)).toHaveText(text);
      }
    });
  }

  // Any cash amount sells: by total paid, what buys less than 0.1 unit is carried forward, not refused.
  test('a payment that leaves a remainder sells and keeps it as change carried forward', async ({
    page,
    request,
  }) => {
    const { meterId } = await vendableAccount(request, uniqueSuffix(16));
    await signIn(page);
    const recharge = await openRecharge(page, meterId);
    // 10 per kWh + 7.5 % VAT: 33.30 buys 3.0 kWh for 32.25 and leaves 1.05.
    await recharge.getByTestId('recharge-amount').fill('33.30');
    await recharge.getByTestId('recharge-amount').press('Enter');
    const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
    await expect(confirmation.getByTestId('breakdown-totalPaid')).toHaveText('33.30');
    await expect(confirmation.getByTestId('breakdown-totalUnit')).toHaveText('3.0 kWh');
    await expect(confirmation.getByTestId('breakdown-carriedOut')).toHaveText('1.05');
    await expect(confirmation.getByTestId('vend-summary')).toContainText(
      /1\.05( \S+)? buys less than 0\.1 kWh: it is kept as change carried forward/,
    );
    await expect(page.getByTestId('nearest-choice')).toHaveCount(0);
    await expect(page.getByText(/buys nothing/)).toHaveCount(0);
    await confirmation.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await confirmation.getByTestId('confirm-vend').click();
    const done = page.getByRole('dialog', { name: 'Recharge Succeeded' });
    expect(tokenIn(await done.getByTestId('token-text').textContent())).toMatch(TOKEN);
    await expect(done.getByTestId('breakdown-carriedOut')).toHaveText('1.05');
  });

  test('a reprint is marked COPY and a cancelled vend’s receipt CANCELLED; Cancel token names receipt and amount', async ({
    page,
    context,
    request,
  }) => {
    const { receipt: vend } = await openVendRecord(page, request, {
      suffix: uniqueSuffix(12),
      amount: '53.75',
    });
    const row = bodyRows(page).first();

    const [copy] = await Promise.all([context.waitForEvent('page'), row.getByTestId('row-print').click()]);
    const copyView = copy.getByTestId('print-view');
    await expect(copyView).toBeVisible({ timeout: 30_000 });
    await expect(copyView.getByTestId('print-mark')).toHaveText(['COPY']);
    await expect(copyView).toContainText(String(vend.receiptId));
    await copy.close();

    await row.getByTestId('row-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Credit Token' });
    await expect(cancel.getByTestId('cancel-question')).toHaveText(
      `Cancel receipt ${vend.receiptId} of 53.75? The token becomes invalid.`,
    );
    await expect(cancel.getByTestId('cancel-submit')).toHaveText('Cancel token');
    await expect(cancel.getByTestId('cancel-close')).toHaveText('Close');
    await cancel.getByTestId('cancel-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await cancel.getByTestId('cancel-remark').fill('Wrong meter');
    await cancel.getByTestId('cancel-submit').click();
    await expect(row).toContainText('Cancelled');

    const [cancelled] = await Promise.all([
      context.waitForEvent('page'),
      row.getByTestId('row-print').click(),
    ]);
    const view = cancelled.getByTestId('print-view');
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view.getByTestId('print-mark')).toHaveText(['CANCELLED', 'COPY']);
    await cancelled.close();
  });

  test('at 375 px the row actions are clickable: nothing covers them, the settings handle included', async ({
    page,
    request,
  }) => {
    const { meterId } = await vendedAccount(request, uniqueSuffix(13), '20');
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    for (const [path, action] of [
      ['/token-generate/credit-token', 'row-action'],
      ['/token-record/credit-token-record', 'row-print'],
    ] as const) {
      await page.goto(path);
      await expect(bodyRows(page).first()).toBeVisible({ timeout: 30_000 });
      const buttons = page.locator(`[data-testid=list-table] tbody tr.ant-table-row [data-testid=${action}]`);
      const n = await buttons.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const button = buttons.nth(i);
        await button.scrollIntoViewIfNeeded();
        // The element at the button's centre is the button (or inside it): a click lands on it.
        const onTop = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && el.contains(hit);
        });
        expect(onTop, `${path} row ${i}`).toBe(true);
      }
    }
    // And one is really clicked: the Recharge dialog opens.
    await expect(await openRecharge(page, meterId)).toBeVisible();
  });

  test('the cash-up page totals equal the sum of today’s records; cancelled vends are shown apart', async ({
    page,
    request,
  }) => {
    // Two vends, the second cancelled.
    const { meterId, receipts } = await vendedAccount(request, uniqueSuffix(14), '40', '12.34');
    const gone = receipts[1]!;
    const token = await apiLogin(request);
    const cancel = await api(
      request,
      '/api/token/creditTokenRecord/cancel',
      {
        authorizationPassword: ADMIN_AUTHORIZATION_PASSWORD,
        data: [{ receiptId: gone.receiptId, remark: 'Cash-up test' }],
      },
      token,
    );
    expect(cancel.code, cancel.reason).toBe(0);
    const today = localDay();
    const records = await api(
      request,
      '/api/token/creditTokenRecord/read',
      { createDateRange: [`${today} 00:00:00`, `${today} 23:59:59`], pageSize: 1000 },
      token,
    );
    const rows = (records.result as { data: { totalPaid: number; tax: number; status: number }[] }).data;
    const issued = rows.filter((r) => r.status === 0);
    const cancelled = rows.filter((r) => r.status === 1);
    const sum = (xs: typeof rows, k: 'totalPaid' | 'tax') => xs.reduce((s, r) => s + r[k], 0);

    await signIn(page);
    await page.goto('/token-record/cash-up');
    const byOperator = page.getByTestId('cash-up-byOperator');
    await expect(byOperator.getByTestId('total-count')).toHaveText(String(issued.length), {
      timeout: 30_000,
    });
    await expect(byOperator.getByTestId('total-totalPaid')).toHaveText(en(sum(issued, 'totalPaid')));
    await expect(byOperator.getByTestId('total-tax')).toHaveText(en(sum(issued, 'tax')));
    await expect(byOperator.getByTestId('total-cancelledCount')).toHaveText(String(cancelled.length));
    await expect(byOperator.getByTestId('total-cancelledTotalPaid')).toHaveText(
      en(sum(cancelled, 'totalPaid')),
    );
    await expect(page.getByTestId('cash-up-cancelled')).toContainText(
      `${cancelled.length} cancelled, ${en(sum(cancelled, 'totalPaid'))} returned`,
    );
    // The operator rows add up to the Total row.
    const paid = await byOperator
      .locator('tbody tr.ant-table-row [data-testid=cell-totalPaid]')
      .allInnerTexts();
    const added = paid.reduce((s, x) => s + Number(x.replace(/,/g, '')), 0);
    expect(en(added)).toBe(en(sum(issued, 'totalPaid')));

    // The record list's totals row sums its filter (this meter: both vends, the cancelled one apart).
    await openAndSearch(page, '/token-record/credit-token-record', meterId, 2);
    await expect(page.getByTestId('record-totals')).toContainText('Totals (2 records)');
    await expect(page.getByTestId('totals-totalPaid')).toHaveText('52.34');
    await expect(page.getByTestId('record-totals')).toContainText('Cancelled: 1 (12.34)');
  });

  test('exports opened with exceljs have translated titles and human values in zh and es', async ({
    page,
    context,
    request,
  }) => {
    const { meterId } = await openVendRecord(page, request, {
      suffix: uniqueSuffix(15),
      amount: '33.30',
      language: 'zh',
    });
    await page.getByTestId('list-export').click();
    const zh = await downloadWorkbook(page, () => page.getByTestId('export-submit').click());
    const sheet = zh.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['收据编号', '表号', '表类型', '总金额', '状态', '操作员']),
    );
    const row = sheet.getRow(2);
    const cell = (title: string) => row.getCell(header.indexOf(title) + 1);
    expect(cell('表号').value).toBe(meterId);
    expect(cell('表类型').value).toBe('电表');
    expect(cell('状态').value).toBe('已发行');
    expect(cell('购买方式').value).toBe('按金额购买');
    expect(cell('总金额').value).toBe(33.3);
    expect(cell('总金额').numFmt).toBe('0.00');

    await setLanguage(context, 'es');
    await page.goto('/token-record/cash-up');
    await expect(page.getByTestId('cash-up-byOperator').getByTestId('total-count')).toBeVisible({
      timeout: 30_000,
    });
    const es = await downloadWorkbook(page, () => page.getByTestId('cash-up-export').click());
    expect(es.worksheets.map((s) => s.name)).toEqual(['Operador', 'Estación', 'Método de pago', 'Día']);
    const op = es.worksheets[0];
    if (!op) throw new Error('the export has no sheet');
    expect((op.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      'Operador',
      'Ventas',
      'Unidades',
      'Total pagado',
    ]);
    const last = op.getRow(op.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(4).numFmt).toBe('0.00');
  });

  test('first login with a one-time password goes to the password change, then to the page asked for', async ({
    page,
    request,
  }) => {
    const userId = `e2e-first-${uniqueSuffix(16)}`;
    await ensureRoleUser(
      request,
      'e2e-first-role',
      'Token.CreditToken,TokenRecord.CreditTokenRecord',
      userId,
    );
    const admin = await apiLogin(request);
    const reset = await api(request, '/api/user/reset', { userId }, admin);
    expect(reset.code, reset.reason).toBe(0);
    const oneTime = (reset.result as { oneTimePassword: string }[])[0]?.oneTimePassword ?? '';

    await page.goto('/token-record/credit-token-record');
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftoken-record%2Fcredit-token-record/);
    await fillLogin(page, userId, oneTime);
    await expect(page).toHaveURL(
      /\/profile\/index\?tab=loginPassword&redirect=%2Ftoken-record%2Fcredit-token-record/,
    );
    await expect(page.getByTestId('first-login')).toBeVisible();
    await page.getByTestId('login-old').fill(oneTime);
    await page.getByTestId('login-new').fill('First-e2e-Pass9');
    await page.getByTestId('login-check').fill('First-e2e-Pass9');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/token-record\/credit-token-record$/);
    await expect(page.getByTestId('list-search-term')).toBeVisible({ timeout: 30_000 });
  });
});

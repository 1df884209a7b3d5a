import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { api, apiLogin, bodyRows, describeConsole, exportSheet, openList, signIn } from './helpers';
import { uniqueSuffix, vendableAccount } from './vending-helpers';

/**
 * The revenue office's channel pages, end to end: a vendor made on the Vendors page, its machine secret
 * issued (shown once), its float topped up; a sale through the REST channel with that secret, seen with its
 * advice history on Channel Transactions; the vendor's day on the Reconciliation report and its download.
 */

const PPU = '/prepaidutility/v3';

/** A purchase and its confirmation as a bank's switch sends them, with the vendor's HTTP Basic secret. */
async function sellThroughChannel(
  request: APIRequestContext,
  vendorId: string,
  secret: string,
  meterId: string,
) {
  const headers = { authorization: `Basic ${Buffer.from(`${vendorId}:${secret}`).toString('base64')}` };
  const purchaseId = randomUUID();
  const parties = {
    time: new Date().toISOString(),
    originator: {
      institution: { id: vendorId, name: 'E2E Bank' },
      terminalId: '00000001',
      merchant: {
        merchantType: '5411',
        merchantId: '000000000000001',
        merchantName: { name: 'Corner Shop', city: 'Cape Town', region: 'WC', country: 'ZA' },
      },
    },
    client: { id: vendorId, name: 'E2E Bank' },
    thirdPartyIdentifiers: [{ institutionId: vendorId, transactionIdentifier: 'ref-e2e' }],
  };
  const sold = await request.post(`${PPU}/tokenPurchases/${purchaseId}`, {
    headers,
    data: {
      id: purchaseId,
      ...parties,
      meter: { meterId },
      purchaseAmount: { amount: 100_00, currency: '710' },
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const confirmationId = randomUUID();
  const confirmed = await request.post(
    `${PPU}/tokenPurchases/${purchaseId}/confirmations/${confirmationId}`,
    {
      headers,
      data: {
        id: confirmationId,
        requestId: purchaseId,
        time: new Date().toISOString(),
        thirdPartyIdentifiers: parties.thirdPartyIdentifiers,
        tenders: [{ amount: { amount: 100_00, currency: '710' }, tenderType: 'CASH' }],
      },
    },
  );
  expect(confirmed.status(), await confirmed.text()).toBe(202);
  return purchaseId;
}

/** The grid row holding `text` (the list's search finds it). */
async function findRow(page: Page, text: string) {
  await page.getByTestId('list-search-term').first().fill(text);
  await page.getByTestId('list-search').first().click();
  await expect(bodyRows(page)).toHaveCount(1, { timeout: 15_000 });
  return bodyRows(page).first();
}

/** The page does not scroll sideways (at 375 px the grids scroll inside themselves). */
async function fitsWidth(page: Page) {
  const view = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view + 1);
}

async function createVendor(page: Page, vendorId: string, clientId: string) {
  await openList(page, '/channel/vendor', 'vendor');
  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add Vendor' });
  await dialog.getByTestId('field-vendorId').fill(vendorId);
  await dialog.getByTestId('field-vendorName').fill(`Bank ${vendorId}`);
  await dialog.getByTestId('field-stationIds').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^0001/ })
    .click();
  await dialog.getByTestId('field-clientId').click();
  await dialog.getByTestId('field-clientId').fill(clientId);
  await dialog.getByTestId('field-terminalId').fill('T0000001');
  await dialog.getByTestId('field-commissionRate').fill('1.5');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
  await fitsWidth(page);
}

/** Issues the secret on the page: shown once with its copy button, gone once the dialog closes. */
async function issueSecret(page: Page, vendorId: string) {
  const row = await findRow(page, vendorId);
  await row.getByTestId('row-credential').click();
  await page
    .getByTestId('credential-form')
    .getByTestId('authorization-password')
    .fill(ADMIN_AUTHORIZATION_PASSWORD);
  await page.getByTestId('credential-submit').click();
  const shown = page.getByTestId('vendor-secret-value');
  await expect(shown).toBeVisible();
  await expect(page.getByTestId('vendor-secret').locator('.ant-typography-copy')).toBeVisible();
  const secret = (await shown.innerText()).trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await page.getByTestId('secret-close').click();
  await expect(page.getByTestId('vendor-secret')).toBeHidden();
  expect(await page.content()).not.toContain(secret);
  await expect(row.getByTestId('row-credential')).toHaveText('Rotate secret');
  return secret;
}

async function topUp(page: Page, vendorId: string) {
  const row = await findRow(page, vendorId);
  await row.getByTestId('row-float').click();
  const form = page.getByTestId('float-form');
  await form.getByTestId('float-amount').fill('1000');
  await form.getByTestId('float-remark').fill('Deposit slip 77');
  await form.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
  await page.getByTestId('float-submit').click();
  await expect(form).toBeHidden();
  await expect(row.locator('td').filter({ hasText: '1000.00' }).first()).toBeVisible();
}

async function seeSaleAndHistory(page: Page, vendorId: string, purchaseId: string) {
  await openList(page, '/channel/channel-transaction', 'channel-transaction');
  const row = await findRow(page, purchaseId);
  await expect(row).toContainText(vendorId);
  await expect(row).toContainText('Confirmed');
  await fitsWidth(page);
  await row.getByTestId('row-history').click();
  const history = page.getByTestId('advice-history');
  await expect(history.getByTestId('advice-item')).toHaveCount(2);
  await expect(history.getByTestId('advice-item').nth(0)).toContainText('Purchase');
  await expect(history.getByTestId('advice-item').nth(1)).toContainText('Confirmation');
  await expect(history.getByTestId('advice-item').nth(1)).toContainText('Accepted');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
}

/** The vendor's statement: the top-up and the sale, newest first, and its download. */
async function statement(page: Page, vendorId: string) {
  await openList(page, '/channel/vendor', 'vendor');
  const row = await findRow(page, vendorId);
  await row.getByTestId('row-statement').click();
  const drawer = page.getByTestId('vendor-statement');
  const lines = drawer.locator('tbody tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Sale');
  await expect(lines.nth(1)).toContainText('Top-up');
  await fitsWidth(page);
  const { header, rows } = await exportSheet(page, drawer);
  const kind = header.indexOf('Movement');
  expect(rows.map((r) => r[kind])).toEqual(['Sale', 'Top-up']);
  expect(rows.map((r) => Number(r[header.indexOf('Balance After')]))).toEqual([900, 1000]);
  // The drawer's own close button: the export dialog took the focus the Escape key needs.
  await page.locator('.ant-drawer-close').filter({ visible: true }).click();
  await expect(drawer).toBeHidden();
}

async function reconcile(page: Page, vendorId: string) {
  await openList(page, '/channel/reconciliation', 'channel-reconciliation');
  const row = await findRow(page, vendorId);
  await expect(row).toContainText('98.50');
  await fitsWidth(page);
  const { header, rows } = await exportSheet(page);
  const at = (title: string) => header.indexOf(title);
  const mine = rows.filter((r) => r[at('Vendor Id')] === vendorId);
  expect(mine).toHaveLength(1);
  const [day] = mine;
  expect(Number(day?.[at('Sales')])).toBe(1);
  expect(Number(day?.[at('Sales Amount')])).toBe(100);
  expect(Number(day?.[at('Commission')])).toBe(1.5);
  expect(Number(day?.[at('Net Due')])).toBe(98.5);
  expect(Number(day?.[at('Top-ups')])).toBe(1000);
  expect(Number(day?.[at('Closing Balance')])).toBe(900);
}

async function walk(page: Page, request: APIRequestContext, n: number) {
  const suffix = uniqueSuffix(n);
  const { meterId } = await vendableAccount(request, suffix);
  const vendorId = `E2E${suffix}`;
  await signIn(page);
  await createVendor(page, vendorId, `60047${suffix}${n}`.slice(0, 13).padEnd(13, '0'));
  const secret = await issueSecret(page, vendorId);
  // The secret is in no read: the vendor's row says only that one was issued.
  const token = await apiLogin(request);
  const read = await api(request, '/api/vendor/read', { searchTerm: vendorId }, token);
  expect(JSON.stringify(read.result)).not.toContain(secret);
  await topUp(page, vendorId);
  const purchaseId = await sellThroughChannel(request, vendorId, secret, meterId);
  await seeSaleAndHistory(page, vendorId, purchaseId);
  await statement(page, vendorId);
  await reconcile(page, vendorId);
}

describeConsole('channel console at 1366 px', () => {
  test('vendor, secret once, float, a channel sale and its advices, reconciliation and its download', async ({
    page,
    request,
  }) => {
    await walk(page, request, 0);
  });
});

describeConsole('channel console at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the same walk on a phone', async ({ page, request }) => {
    await walk(page, request, 1);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { api, apiLogin, bodyRows, describeConsole, exportSheet, openList, signIn } from './helpers';

/**
 * The mobile-money console pages: payments M-Pesa confirmed that could not be sold wait in the queue, an
 * operator assigns one to a meter (it sells, and its token goes to the SMS outbox) or refunds another;
 * both grids export; at desktop width and on a 375 px phone.
 */

const SHORT_CODE = '600777';
const PAYER = '254711000222';
let secret = '';
let meterId = '';

const confirmation = (transId: string, billRef: string, amount: string) => ({
  TransactionType: 'Pay Bill',
  TransID: transId,
  TransTime: '20261122080000',
  TransAmount: amount,
  BusinessShortCode: SHORT_CODE,
  BillRefNumber: billRef,
  MSISDN: PAYER,
  FirstName: 'Jane',
  LastName: 'Doe',
});

async function resolveRow(page: Page, transId: string) {
  const row = bodyRows(page).filter({ hasText: transId });
  await row.getByTestId('resolve').click();
  const dialog = page.getByTestId('resolve-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

describeConsole('mobile-money payments and the SMS log', { timeout: 300_000 }, () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiLogin(request);
    const accounts = await api(request, '/api/account/read', { pageSize: 1 }, token);
    const account = (accounts.result as { data: { meterId: string; stationId: string }[] }).data[0];
    meterId = account?.meterId ?? '';
    expect(meterId).not.toBe('');
    const created = await api(
      request,
      '/api/vendor/create',
      [
        {
          vendorId: 'MPESA-E2E',
          vendorName: 'M-Pesa paybill',
          vendorKind: 'mobileMoney',
          // The vendor sells for the station of the meter an operator will assign a payment to.
          stationIds: [account?.stationId ?? '0001'],
          clientId: '6004708000777',
          terminalId: 'PAYBILL',
          creditLimit: '0',
          commissionRate: '1',
          shortCode: SHORT_CODE,
        },
      ],
      token,
    );
    // A retried beforeAll (a new worker after a failure) finds the vendor made.
    if (created.code !== 0) expect(created.reason).toMatch(/already exists/);
    const auth = { vendorId: 'MPESA-E2E', authorizationPassword: ADMIN_AUTHORIZATION_PASSWORD };
    const cred = await api(request, '/api/vendor/credential', auth, token);
    secret = (cred.result as { secret: string }).secret;
    const float = await api(
      request,
      '/api/vendor/float',
      { ...auth, kind: 'topUp', amount: '100000', remark: 'e2e' },
      token,
    );
    expect(float.code, float.reason).toBe(0);
  });

  for (const width of [1366, 375]) {
    test(`queued payments resolved and both grids exported at ${width} px`, async ({ page }) => {
      const toAssign = `QA${width}ASSIGN`;
      const toRefund = `QA${width}REFUND`;
      for (const [id, ref] of [
        [toAssign, 'NO-SUCH-METER'],
        [toRefund, 'NO-SUCH-METER'],
      ] as const) {
        const res = await page.request.post(
          `/mobilemoney/c2b/confirmation?secret=${encodeURIComponent(secret)}`,
          {
            data: confirmation(id, ref, '20000'),
          },
        );
        expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
      }
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await openList(page, '/channel/mobile-payment', 'mobile-payments');
      await expect(bodyRows(page).filter({ hasText: toAssign })).toContainText('Unknown meter');

      const assign = await resolveRow(page, toAssign);
      await assign.getByTestId('resolve-meter').fill(meterId);
      await assign.getByTestId('field-remark').fill('Payer gave the right meter by phone');
      await assign.getByTestId('field-authorizationPassword').fill(ADMIN_AUTHORIZATION_PASSWORD);
      await page.getByTestId('form-submit').click();
      // The sale runs the vend pipeline on a server busy with its simulated fleet: wait for the dialog.
      await expect(assign).toBeHidden({ timeout: 60_000 });
      await expect(bodyRows(page).filter({ hasText: toAssign })).toHaveCount(0);

      const refund = await resolveRow(page, toRefund);
      await refund.getByTestId('resolve-action').click();
      await page.getByTitle('Refund (recorded)').click();
      await expect(refund.getByTestId('resolve-meter')).toHaveCount(0);
      await refund.getByTestId('field-remark').fill('Reversed on the operator portal');
      await refund.getByTestId('field-authorizationPassword').fill(ADMIN_AUTHORIZATION_PASSWORD);
      await page.getByTestId('form-submit').click();
      await expect(bodyRows(page).filter({ hasText: toRefund })).toHaveCount(0);

      await page.getByTestId('filter-state').click();
      await page.getByTitle('Assigned').click();
      const sold = bodyRows(page).filter({ hasText: toAssign });
      await expect(sold).toContainText(meterId);
      const payments = await exportSheet(page);
      expect(payments.rows.some((r) => r.includes(toAssign))).toBe(true);

      await openList(page, '/channel/sms-log', 'sms-log');
      const sms = bodyRows(page).filter({ hasText: meterId }).first();
      await expect(sms).toContainText(PAYER);
      // No SMSC is configured for the browser tests' server: the token waits in the outbox.
      await expect(sms).toContainText('Queued');
      const log = await exportSheet(page);
      expect(log.rows.some((r) => r.includes(PAYER))).toBe(true);

      // The sale's token record says where its token went, and how far it got.
      await openList(page, '/token-record/credit-token-record', 'creditTokenRecord');
      await expect(page.getByTestId('record-sms').first()).toHaveText(`Sent by SMS to ${PAYER} (queued)`);
    });
  }
});

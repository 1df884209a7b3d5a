import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalOperations } from './conformance/original-document.js';
import { responseErrors } from './conformance/validators.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * The round trip a client written for the original makes, using only the original's request shapes and
 * path spellings, a .NET-style `application/json; charset=utf-8`, and both date-time spellings; every answer
 * is checked against the original's own response schema.
 */

let t: TestApp;
let meterId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ meterId } = await vendableMeter(t));
});
afterAll(async () => t?.close());

/** What an original client does: POST JSON with a charset, bearer token once logged in. */
async function call(operationId: string, body: unknown, token?: string) {
  const op = originalOperations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no original operation ${operationId}`);
  const res = await t.app.inject({
    method: op.method,
    url: op.path,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
  expect(res.statusCode, `${operationId}: ${res.body.slice(0, 300)}`).toBe(200);
  const answer = res.json();
  expect(answer.code, `${operationId}: ${answer.reason}`).toBe(0);
  expect(op.response && responseErrors(op.response, answer), operationId).toEqual([]);
  return answer.result;
}

describe('a client of the original, end to end', () => {
  it('logs in, reads its info, lists meters, vends with preview, cancels, finds the cancel by its receipt, reads the feed, logs out', async () => {
    const { token } = await call('Login', { userId: 'admin', password: ADMIN_PASSWORD });
    expect(typeof token).toBe('string');

    const info = await call('GetUserLoginInfo', undefined, token);
    expect(info).toMatchObject({ userId: 'admin', status: true, stationId: '0001' });
    expect(info.roleContent).toContain('Token.CreditToken');

    const meters = await call(
      'ReadMeter',
      {
        meterId,
        type: 0,
        communicationWay: 1,
        createDateRange: ['2000-01-01T00:00:00', '2099-12-31 23:59:59'],
        pageNumber: 1,
        pageSize: 20,
        orderBy: 'meterId asc',
      },
      token,
    );
    expect(meters.total).toBe(1);
    expect(meters.data[0]).toMatchObject({ meterId, status: true, krn: 1, ken: 255 });

    const vend = {
      meterId,
      isVendByTotalPaid: true,
      amount: 2000,
      payDebtPercent: 0,
      authorizationPassword: ADMIN_AUTH_PASSWORD,
      isS2: false,
    };
    // An earlier vend: the receipt sequences of vends and cancellations no longer run in step.
    const early = await call('GenerateCreditToken', { ...vend, isPreview: false, amount: 1000 }, token);
    const preview = await call('GenerateCreditToken', { ...vend, isPreview: true }, token);
    expect(preview.token).toBe('');
    const sold = await call('GenerateCreditToken', { ...vend, isPreview: false }, token);
    expect(sold.token).toMatch(/^\d{4}( \d{4}){4}$/);
    expect(sold).toMatchObject({ totalPaid: preview.totalPaid, totalUnit: preview.totalUnit });
    expect(sold.communicationWay).toBe(1);

    const cancelled = await call(
      'CancelCreditTokenRecord',
      {
        authorizationPassword: ADMIN_AUTH_PASSWORD,
        data: [{ receiptId: sold.receiptId, remark: 'Wrong meter' }],
      },
      token,
    );
    expect(cancelled).toHaveLength(1);

    const cancels = await call(
      'ReadCreditTokenCancelRecord',
      {
        meterId,
        createDateRange: ['2000-01-01T00:00:00Z', '2099-12-31T23:59:59Z'],
        pageNumber: 1,
        pageSize: 20,
      },
      token,
    );
    expect(cancels.total).toBe(1);
    expect(cancels.data[0]).toMatchObject({ meterId, totalPaid: sold.totalPaid });
    // The cancel record names the receipt it cancels where the original's client reads it.
    expect(sold.receiptId).not.toBe(cancels.data[0].cancelReceiptId);
    expect(cancels.data[0]).toMatchObject({ receiptId: sold.receiptId, cancelRemark: 'Wrong meter' });

    // With another vend cancelled too, the client finds its cancelled vend by its receipt: filtered, searched.
    await call(
      'CancelCreditTokenRecord',
      { authorizationPassword: ADMIN_AUTH_PASSWORD, data: [{ receiptId: early.receiptId, remark: 'Test' }] },
      token,
    );
    const page = { pageNumber: 1, pageSize: 20 };
    const byReceipt = await call(
      'ReadCreditTokenCancelRecord',
      { ...page, receiptId: sold.receiptId },
      token,
    );
    expect(byReceipt.total).toBe(1);
    expect(byReceipt.data[0]).toMatchObject({ receiptId: sold.receiptId, totalPaid: sold.totalPaid });
    const searched = await call(
      'ReadCreditTokenCancelRecord',
      { ...page, searchTerm: String(sold.receiptId) },
      token,
    );
    expect(searched.data).toContainEqual(
      expect.objectContaining({ receiptId: sold.receiptId, totalPaid: sold.totalPaid, meterId }),
    );

    // The payments feed: a GET with upper-case query names, not enveloped. The cancelled vend is not a payment.
    const feedOp = originalOperations.find((o) => o.operationId === 'ReadMoreCreditTokenRecord');
    const feedUrl = `${feedOp?.path}?SITE_ID=0001&FROM=2000-01-01T00:00:00Z&TO=2099-12-31T23:59:59Z`;
    const auth = { authorization: `Bearer ${token}` };
    const resold = await call('GenerateCreditToken', { ...vend, isPreview: false, amount: 1500 }, token);
    const feed = await t.app.inject({ method: 'GET', url: feedUrl, headers: auth });
    expect(feed.statusCode).toBe(200);
    expect(feedOp?.response && responseErrors(feedOp.response, feed.json())).toEqual([]);
    expect(feed.json()).toEqual({
      payments: [
        {
          timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          amount: resold.totalPaid,
          transactionKwh: resold.totalUnit,
          currency: 'N/A',
          transactionType: 'FULL_PAYMENT',
          transactionId: `transaction-${meterId}${resold.token.replaceAll(' ', '')}`,
          customerId: resold.customerId,
          meterId,
          serialNumber: 'N/A',
        },
      ],
      errors: null,
    });

    expect(await call('Logout', undefined, token)).toBeNull();
    const after = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: auth });
    expect(after.statusCode).toBe(401);
  });
});

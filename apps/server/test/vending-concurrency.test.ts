import { decodeToken } from '@prepay/sts';
import { describe, expect } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { apiTest, USER_AUTH_PASSWORD, userWithRole } from './harness.js';
import { DECODER_KEY, debtRow, quotaOf, vendableMeter } from './vending-fixture.js';

const it = apiTest();

describe('concurrent vends', () => {
  it('50 at once: 50 records with distinct increasing TIDs, exact debt and quota', async ({ t }) => {
    const { meterId, customerId } = await vendableMeter(t, { meterId: '47200000001', debtMinor: 100_000_00 });
    const cashier = await userWithRole(t, {
      userId: 'rush',
      content: 'Token.CreditToken,TokenRecord.CreditTokenRecord',
    });
    await t.database.db.execute(
      `update users set total_quota_units = 1000000, remaining_quota_units = 1000000 where user_id = 'rush'`,
    );

    const N = 50;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call<{
          receiptId: number;
          tid: number;
          token: string;
          totalUnit: number;
          payDebt: number;
          monthlyCharge: number;
        }>(
          '/api/token/creditToken/generate',
          {
            meterId,
            isPreview: false,
            isVendByTotalPaid: true,
            amount: '1000',
            payDebtPercent: 10,
            authorizationPassword: USER_AUTH_PASSWORD,
            idempotencyKey: `rush-${i}-of-50`,
          },
          cashier,
        ),
      ),
    );
    for (const a of answers) expect(a.code, a.reason).toBe(0);
    const records = answers.map((a) => a.result);
    const tids = records.map((r) => r.tid);
    expect(new Set(tids).size).toBe(N);
    expect(new Set(records.map((r) => r.receiptId)).size).toBe(N);
    // Issued in receipt order, TIDs only go up.
    const byReceipt = [...records].sort((a, b) => a.receiptId - b.receiptId);
    for (let i = 1; i < N; i++) expect(byReceipt[i]!.tid).toBeGreaterThan(byReceipt[i - 1]!.tid);
    for (const r of records) {
      const d = decodeToken(r.token.replace(/ /g, ''), DECODER_KEY);
      expect(d.tid).toBe(r.tid);
      expect(d.amountUnits).toBe(Math.round(r.totalUnit * 10));
    }
    // Exactly one of them paid the monthly charge; the debt and the quota moved by exactly the sums.
    expect(records.filter((r) => r.monthlyCharge > 0)).toHaveLength(1);
    const paidDebtMinor = records.reduce((s, r) => s + Math.round(r.payDebt * 100), 0);
    expect(paidDebtMinor).toBe(N * 100_00);
    expect(await debtRow(t, customerId)).toMatchObject({
      remainingDebtMinor: 100_000_00 - paidDebtMinor,
      payDebtMinor: paidDebtMinor,
    });
    const units = records.reduce((s, r) => s + Math.round(r.totalUnit * 10), 0);
    expect(await quotaOf(t, 'rush')).toBe(1000000 - units);
    const list = await t.call<{ total: number }>(
      '/api/token/creditTokenRecord/read',
      { meterId, pageSize: 100 },
      cashier,
    );
    expect(list.result.total).toBe(N);
  });

  it('24 at once on 12 meters (group commit on PostgreSQL): every vend stored once, two TIDs a meter, exact debts', async ({
    t,
  }) => {
    const meters: { meterId: string; customerId: string }[] = [];
    for (let k = 0; k < 12; k++)
      meters.push(
        await vendableMeter(t, { meterId: `472000001${String(k).padStart(2, '0')}`, debtMinor: 1_000_00 }),
      );
    const cashier = await userWithRole(t, { userId: 'crowd', content: 'Token.CreditToken' });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call<{ receiptId: number; tid: number; totalUnit: number; payDebt: number; meterId: string }>(
          '/api/token/creditToken/generate',
          {
            meterId: meters[i % 12]?.meterId,
            isPreview: false,
            isVendByTotalPaid: true,
            amount: '1000',
            payDebtPercent: 10,
            authorizationPassword: USER_AUTH_PASSWORD,
            idempotencyKey: `crowd-vend-${i}`,
          },
          cashier,
        ),
      ),
    );
    for (const a of answers) expect(a.code, a.reason).toBe(0);
    const records = answers.map((a) => a.result);
    expect(new Set(records.map((r) => r.receiptId)).size).toBe(24);
    for (const m of meters) {
      const mine = records.filter((r) => r.meterId === m.meterId);
      expect(mine).toHaveLength(2);
      expect(new Set(mine.map((r) => r.tid)).size).toBe(2);
      const paid = mine.reduce((s, r) => s + Math.round(r.payDebt * 100), 0);
      expect(await debtRow(t, m.customerId)).toMatchObject({
        remainingDebtMinor: 1_000_00 - paid,
        payDebtMinor: paid,
      });
    }
    const stored = await t.database.db.execute(
      `select count(*)::int as n from token_records where kind = 'credit' and create_id = 'crowd'`,
    );
    expect(rowsOf<{ n: number }>(stored)[0]?.n).toBe(24);
  });
});

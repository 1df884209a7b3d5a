import type { AccountRow, CreditTokenRecord } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { tariffs } from '../src/db/schema.js';
import { apiTest, type TestApp } from './harness.js';
import { creditVend, debtRow, vendableMeter } from './vending-fixture.js';

/**
 * The account grid shows what a cashier checks before a sale: the customer's remaining debt, the meter's
 * change carried forward, its last purchase (date and paid) and the address; each follows the sales.
 */
const it = apiTest();

async function accountRow(t: TestApp, admin: string, meterId: string) {
  const r = await t.call<{ total: number; data: AccountRow[] }>('/api/account/read', { meterId }, admin);
  expect(r.code, r.reason).toBe(0);
  const row = r.result.data.find((a) => a.meterId === meterId);
  expect(row).toBeDefined();
  return row as AccountRow;
}

describe('account figures before a sale', () => {
  it('remaining debt, carried change, last purchase and address follow each sale', async ({ t, admin }) => {
    const { meterId, customerId } = await vendableMeter(t, { meterId: '47900000901', debtMinor: 2_500_00 });
    // A price that 6,000 does not buy in whole 0.1 kWh steps: some change is carried forward.
    await t.database.db
      .update(tariffs)
      .set({ priceMinor: 1_07, monthlyChargeMinor: 0, steps: [] })
      .where(eq(tariffs.tariffId, `T${meterId}`));

    expect(await accountRow(t, admin, meterId)).toMatchObject({
      remainingDebt: 2500,
      carriedChange: 0,
      lastPurchaseDate: null,
      lastPurchasePaid: null,
      customerAddress: '12 Market Road',
    });

    const first = await creditVend(t, { meterId, amount: '6000', payDebtPercent: 10 }, admin);
    expect(first.code, first.reason).toBe(0);
    expect(first.result.carriedOut).toBeGreaterThan(0);
    expect(first.result.payDebt).toBeGreaterThan(0);
    const debt = await debtRow(t, customerId);
    expect(debt?.remainingDebtMinor).toBeLessThan(2_500_00);
    expect(await accountRow(t, admin, meterId)).toMatchObject({
      remainingDebt: (debt?.remainingDebtMinor ?? 0) / 100,
      carriedChange: first.result.carriedOut,
      lastPurchaseDate: first.result.createDate,
      lastPurchasePaid: 6000,
      customerAddress: '12 Market Road',
    });

    // The next sale spends the carried change first and carries on only its own.
    const second = await creditVend<CreditTokenRecord>(
      t,
      { meterId, amount: '1000', payDebtPercent: 0 },
      admin,
    );
    expect(second.code, second.reason).toBe(0);
    expect(second.result.carriedIn).toBe(first.result.carriedOut);
    const after = await accountRow(t, admin, meterId);
    expect(after.carriedChange).toBe(second.result.carriedOut);
    expect(after.lastPurchaseDate).toBe(second.result.createDate);
    expect(after.lastPurchasePaid).toBe(1000);
  });

  it('an account with no debt and no sale shows no debt, no carried change and no last purchase', async ({
    t,
    admin,
  }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47900000902' });
    expect(await accountRow(t, admin, meterId)).toMatchObject({
      remainingDebt: null,
      carriedChange: 0,
      lastPurchaseDate: null,
      lastPurchasePaid: null,
    });
  });
});

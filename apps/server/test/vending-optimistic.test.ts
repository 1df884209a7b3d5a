import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { auditRow } from '../src/kernel/audit.js';
import { type CreditVendWrite, writeCreditVend } from '../src/modules/vending/credit-vend.repo.js';
import { vendConflict } from '../src/modules/vending/vending-guards.js';
import { createTestApp, type TestApp, USER_AUTH_PASSWORD, userWithRole } from './harness.js';
import { creditVend, vendableMeter } from './vending-fixture.js';

/**
 * The credit vend writes in one autocommitted statement that expects what it priced with. When
 * any expectation no longer holds the statement must change nothing at all — not even the steps before
 * the one that failed — and fail with the serialisation failure the service retries on.
 */
let t: TestApp;
let meterId: string;
let customerId: string;
let lastTid: number;
let keyEnc: string;
const CASHIER = 'optimist';

beforeAll(async () => {
  t = await createTestApp();
  ({ meterId, customerId } = await vendableMeter(t, { meterId: '47200000077', debtMinor: 500_00 }));
  const token = await userWithRole(t, { userId: CASHIER, content: 'Token.CreditToken' });
  await t.database.db.execute(
    sql`update users set total_quota_units = 100000, remaining_quota_units = 100000 where user_id = ${CASHIER}`,
  );
  const first = await creditVend<{ tid: number }>(
    t,
    {
      meterId,
      isVendByTotalPaid: false,
      amount: '10',
      payDebtPercent: 0,
      authorizationPassword: USER_AUTH_PASSWORD,
    },
    token,
  );
  expect(first.code, first.reason).toBe(0);
  lastTid = first.result.tid;
  const [key] = rowsOf<{ key_enc: string }>(
    await t.database.db.execute(sql`select key_enc from meter_keys where meter_id = ${meterId}`),
  );
  keyEnc = key?.key_enc ?? '';
});
afterAll(() => t.close());

/** Everything a vend's write statement can change, as one comparable value. */
async function state() {
  const res = await t.database.db.execute(sql`select
    (select count(*)::int from token_records) as records,
    (select count(*)::int from audit_logs) as audits,
    (select last from receipt_counters where kind = 'credit') as receipt,
    (select last_tid from meter_token_state where meter_id = ${meterId}) as last_tid,
    (select remaining_quota_units::text from users where user_id = ${CASHIER}) as quota,
    (select remaining_debt_minor::text from debts where customer_id = ${customerId}) as debt`);
  return rowsOf<Record<string, unknown>>(res)[0];
}

function write(over: Partial<CreditVendWrite> = {}): CreditVendWrite {
  const createDate = new Date();
  return {
    record: {
      kind: 'credit',
      meterId,
      meterType: 0,
      customerId,
      stationId: '0001',
      token: '1234 5678 9012 3456 7890',
      tid: lastTid + 1,
      tokenClass: 0,
      subclass: 0,
      purchaseWay: 1,
      units: 50,
      totalPaidMinor: 50_00,
      payDebtMinor: 5_00,
      createId: CASHIER,
      createDate,
    },
    expectedLastTid: lastTid,
    expectedKeyEnc: keyEnc,
    expectedRemainingDebtMinor: 500_00,
    quotaUnits: 50,
    payDebtMinor: 5_00,
    audit: auditRow(
      { userId: CASHIER, stationId: '0001', ipAddress: '127.0.0.1' },
      { title: 'Credit Token', action: 'Generate', after: { receiptId: 0, meterId } },
    ),
    ...over,
  };
}

async function refusedAsConflict(w: CreditVendWrite) {
  const before = await state();
  const err = await writeCreditVend(t.database.db, w).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the write should have failed').not.toBeNull();
  expect(vendConflict(err)).toBe(true);
  expect(await state()).toEqual(before);
}

describe('the optimistic credit vend write', () => {
  it('changes nothing when another vend took the TID it expected', async () => {
    await refusedAsConflict(write({ expectedLastTid: lastTid - 1 }));
    await refusedAsConflict(write({ expectedLastTid: null }));
  });

  it("changes nothing when the meter's key changed after the token was encoded", async () => {
    expect(keyEnc).not.toBe('');
    await refusedAsConflict(write({ expectedKeyEnc: `${keyEnc}x` }));
  });

  it('changes nothing (not even the TID) when the debt it repays moved', async () => {
    await refusedAsConflict(write({ expectedRemainingDebtMinor: 499_00 }));
  });

  it('changes nothing (not even the TID or the debt) when the quota no longer suffices', async () => {
    await refusedAsConflict(write({ quotaUnits: 100_001 }));
  });

  it('writes the TID, debt, quota, receipt, record and audit row when everything is as priced', async () => {
    const before = await state();
    const done = await writeCreditVend(t.database.db, write());
    expect(done.receiptId).toBe(Number(before?.receipt) + 1);
    expect(await state()).toEqual({
      records: Number(before?.records) + 1,
      audits: Number(before?.audits) + 1,
      receipt: done.receiptId,
      last_tid: lastTid + 1,
      quota: String(Number(before?.quota) - 50),
      debt: String(500_00 - 5_00),
    });
  });
});

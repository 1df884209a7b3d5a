import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { auditRow } from '../src/kernel/audit.js';
import type { CreditVendWrite } from '../src/modules/vending/credit-vend.repo.js';
import { VendWriteQueue } from '../src/modules/vending/vend-write-queue.js';
import { uniqueViolation, vendConflict } from '../src/modules/vending/vending-guards.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * Group commit of vend writes: vends that reach the write while another write is in flight go
 * together in one statement. Each must be written exactly as it would be alone, vends sharing a meter, a
 * repaying customer or a seller's quota never share a statement, and a statement one vend cannot be written
 * in changes nothing and is written again vend by vend, so only that vend fails.
 *
 * The queue starts a write one turn of the event loop after the first vend reaches it, so the writes
 * queued in one turn go together: the statements each test expects follow from that.
 */
let t: TestApp;
const SELLER = 'grouper';
interface Meter {
  meterId: string;
  customerId: string;
  keyEnc: string;
  lastTid: number | null;
}
const meters: Meter[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await userWithRole(t, { userId: SELLER, content: 'Token.CreditToken' });
  await t.database.db.execute(
    sql`update users set total_quota_units = 100000, remaining_quota_units = 100000 where user_id = ${SELLER}`,
  );
  for (let k = 0; k < 8; k++) {
    const m = await vendableMeter(t, { meterId: `4730000000${k}`, debtMinor: 1_000_00 });
    const [key] = rowsOf<{ key_enc: string }>(
      await t.database.db.execute(sql`select key_enc from meter_keys where meter_id = ${m.meterId}`),
    );
    meters.push({ ...m, keyEnc: key?.key_enc ?? '', lastTid: null });
  }
});
afterAll(() => t.close());

/** A priced vend of 5 units on the meter, repaying 1.00 of its debt, from the seller's quota. */
function vendOn(m: Meter, over: Partial<CreditVendWrite> = {}, record: { idempotencyKey?: string } = {}) {
  const tid = (m.lastTid ?? 100) + 1;
  const w: CreditVendWrite = {
    record: {
      kind: 'credit',
      meterId: m.meterId,
      meterType: 0,
      customerId: m.customerId,
      stationId: '0001',
      token: '1234 5678 9012 3456 7890',
      tid,
      tokenClass: 0,
      subclass: 0,
      purchaseWay: 1,
      units: 5,
      totalPaidMinor: 5_00,
      payDebtMinor: 0,
      idempotencyKey: record.idempotencyKey ?? null,
      createId: SELLER,
      createDate: new Date('2026-11-22T08:00:00Z'),
    },
    expectedLastTid: m.lastTid,
    expectedKeyEnc: m.keyEnc,
    expectedRemainingDebtMinor: 0,
    quotaUnits: null,
    payDebtMinor: 0,
    audit: auditRow(
      { userId: SELLER, stationId: '0001', ipAddress: '127.0.0.1' },
      { title: 'Credit Token', action: 'Generate', after: { receiptId: 0, meterId: m.meterId } },
    ),
    ...over,
  };
  return { w, tid };
}

/** What the vends changed, per meter and in total. */
async function state() {
  const ids = meters.map((m) => m.meterId);
  const res = await t.database.db.execute(sql`select
    (select count(*)::int from token_records where kind = 'credit') as records,
    (select count(*)::int from audit_logs where title = 'Credit Token') as audits,
    (select last from receipt_counters where kind = 'credit') as receipt,
    (select remaining_quota_units::text from users where user_id = ${SELLER}) as quota,
    (select coalesce(sum(times), 0)::int from purchase_hourly) as hourly_times,
    (select json_agg(json_build_array(s.meter_id, s.last_tid) order by s.meter_id) from meter_token_state s
       where s.meter_id in (${sql.join(ids, sql`, `)})) as tids,
    (select json_agg(json_build_array(d.customer_id, d.remaining_debt_minor::text) order by d.customer_id)
       from debts d where d.customer_id in (${sql.join(
         meters.map((m) => m.customerId),
         sql`, `,
       )})) as debts`);
  return rowsOf<Record<string, unknown>>(res)[0] ?? {};
}

/** Settles every write: the written receipt, or the error it failed with. */
function settle(queue: VendWriteQueue, writes: CreditVendWrite[]) {
  return Promise.all(
    writes.map((w) =>
      queue.write(w).then(
        (done) => ({ done, err: null as unknown }),
        (err: unknown) => ({ done: null, err }),
      ),
    ),
  );
}

/** The vend as stored: its record, audit row and the meter's last purchase. */
async function stored(receiptId: number) {
  const res = await t.database.db.execute(sql`select r.meter_id, r.tid, r.units::int, r.pay_debt_minor::int,
      (select content_after from audit_logs a where a.content_after like ${`{"receiptId":${receiptId},%`}) as audit,
      (select l.record_id = r.id from meter_last_purchase l where l.meter_id = r.meter_id) as last_purchase
    from token_records r where r.kind = 'credit' and r.receipt_id = ${receiptId}`);
  return rowsOf<Record<string, unknown>>(res);
}

describe('group commit of credit vend writes', () => {
  it('writes the vends queued together in one statement, each as it would be written alone', async () => {
    const before = await state();
    const queue = new VendWriteQueue(t.database.db);
    const vends = meters.slice(0, 6).map((m, k) =>
      vendOn(m, {
        payDebtMinor: k % 2 ? 1_00 : 0,
        expectedRemainingDebtMinor: 1_000_00,
        quotaUnits: k === 3 ? 5 : null,
      }),
    );
    const out = await settle(
      queue,
      vends.map((v) => v.w),
    );
    expect(out.map((o) => o.err)).toEqual(vends.map(() => null));
    expect(queue.stats).toEqual({ statements: 1, vends: 6, fallbacks: 0 });
    const receipts = out.map((o) => o.done?.receiptId ?? 0);
    const first = Number(before.receipt ?? 0) + 1;
    expect(receipts).toEqual([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
    for (const [k, v] of vends.entries()) {
      const [row] = await stored(receipts[k] ?? 0);
      expect(row).toMatchObject({ meter_id: v.w.record.meterId, tid: v.tid, units: 5, last_purchase: true });
      expect(row?.pay_debt_minor).toBe(k % 2 ? 1_00 : 0);
      expect(String(row?.audit)).toContain(`"meterId":"${v.w.record.meterId}"`);
      const m = meters[k];
      if (m) m.lastTid = v.tid;
    }
    const after = await state();
    expect(after).toMatchObject({
      records: Number(before.records) + 6,
      audits: Number(before.audits) + 6,
      receipt: first + 5,
      quota: String(Number(before.quota) - 5),
      hourly_times: Number(before.hourly_times) + 6,
    });
    expect(after.debts).toEqual(
      meters.map((m, k) => [m.customerId, String(k < 6 && k % 2 ? 1_000_00 - 1_00 : 1_000_00)]),
    );
    expect(after.tids).toEqual(meters.slice(0, 6).map((m) => [m.meterId, m.lastTid]));
  });

  it('fails only the vend whose TID moved: the statement changes nothing and the rest are written alone', async () => {
    const queue = new VendWriteQueue(t.database.db);
    const vends = meters.slice(0, 4).map((m) => vendOn(m));
    const moved = vends[2];
    if (!moved) throw new Error('four vends');
    moved.w.expectedLastTid = (moved.w.expectedLastTid ?? 0) - 1;
    const before = await state();
    const out = await settle(
      queue,
      vends.map((v) => v.w),
    );
    expect(queue.stats).toEqual({ statements: 1, vends: 4, fallbacks: 1 });
    expect(vendConflict(out[2]?.err)).toBe(true);
    expect(out.filter((o) => o.done).length).toBe(3);
    const after = await state();
    expect(after).toMatchObject({
      records: Number(before.records) + 3,
      audits: Number(before.audits) + 3,
      receipt: Number(before.receipt) + 3,
      hourly_times: Number(before.hourly_times) + 3,
    });
    for (const [k, v] of vends.entries()) {
      const m = meters[k];
      if (m && k !== 2) m.lastTid = v.tid;
    }
    expect(after.tids).toEqual(meters.slice(0, 6).map((m) => [m.meterId, m.lastTid]));
  });

  it("never puts two vends on one meter, one customer's debt or one seller's quota in a statement", async () => {
    const [a, b, c, d] = meters.slice(4, 8) as [Meter, Meter, Meter, Meter];
    const queue = new VendWriteQueue(t.database.db);
    const onA = vendOn(a);
    const again = vendOn({ ...a, lastTid: onA.tid });
    const debt = { payDebtMinor: 1_00, expectedRemainingDebtMinor: 1_000_00 };
    const writes = [
      vendOn(d).w,
      onA.w,
      again.w, // the same meter as onA: next statement
      vendOn(b, { quotaUnits: 5 }).w,
      vendOn(c, { quotaUnits: 5 }).w, // the same seller's quota as b's: next statement
      vendOn(b, debt).w, // on b again: a statement after b's
    ];
    // Statements: [d, onA, b's], [again, c's, b's second] — the last expects b's TID as it was before
    // b's vend, so its statement fails and each of its vends is written alone: only that one is refused.
    const out = await settle(queue, writes);
    expect(out.slice(0, 5).map((o) => o.err)).toEqual([null, null, null, null, null]);
    expect(vendConflict(out[5]?.err)).toBe(true);
    expect(queue.stats).toEqual({ statements: 2, vends: 6, fallbacks: 1 });
  });

  it('a second vend with one idempotency key fails as a unique violation; the first is written', async () => {
    const [a, b, c] = meters.slice(0, 3) as [Meter, Meter, Meter];
    const queue = new VendWriteQueue(t.database.db);
    const writes = [
      vendOn(c).w,
      vendOn(a, {}, { idempotencyKey: 'same-key-1' }).w,
      vendOn(b, {}, { idempotencyKey: 'same-key-1' }).w,
    ];
    const out = await settle(queue, writes);
    expect(queue.stats).toEqual({ statements: 1, vends: 3, fallbacks: 1 });
    expect(out[0]?.err).toBeNull();
    expect(out[1]?.err).toBeNull();
    expect(uniqueViolation(out[2]?.err)).toBe(true);
  });
});

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

/** Each meter's last TID as stored (the tests above leave some vends' TIDs untracked). */
async function refreshTids() {
  const res = await t.database.db.execute(sql`select meter_id, last_tid from meter_token_state`);
  const stored = new Map(
    rowsOf<{ meter_id: string; last_tid: number }>(res).map((r) => [r.meter_id, r.last_tid]),
  );
  for (const m of meters) m.lastTid = stored.get(m.meterId) ?? null;
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

  it("writes vendors' sales with the console's vends: one sale of a vendor a statement; a refusing float fails only its sale", async () => {
    const db = t.database.db;
    await refreshTids();
    await db.execute(sql`insert into vendors (vendor_id, vendor_name, vendor_kind, client_id, terminal_id,
        balance_minor, credit_limit_minor, commission_bp, daily_limit_minor, create_id)
      values ('GA', 'A', 'bank', 'c-ga', 't', 10000, 0, 150, null, 'admin'),
        ('GC', 'C', 'bank', 'c-gc', 't', 500, 0, 0, null, 'admin'),
        ('GB', 'B', 'bank', 'c-gb', 't', 2000, 0, 0, 800, 'admin')`);
    const sale = (vendorId: string, messageId: string) => ({
      vendorId,
      messageId,
      amountMinor: 5_00,
      state: 'issued',
      detail: { purchaseId: messageId },
      day: '2026-11-22',
    });
    const [m0, m1, m2, m3, m4, m5] = meters as [Meter, Meter, Meter, Meter, Meter, Meter];
    const queue = new VendWriteQueue(db);
    const vends = [vendOn(m0), vendOn(m1), vendOn(m2), vendOn(m3)];
    // One statement: GA's two sales debit its float once by their total; each ledger row holds the
    // balance after its own sale, in arrival order.
    const [console0, a1, a2, c3] = await Promise.all([
      queue.write(vends[0]?.w as CreditVendWrite),
      queue.sell(vends[1]?.w as CreditVendWrite, sale('GA', 'ga-1')),
      queue.sell(vends[2]?.w as CreditVendWrite, sale('GA', 'ga-2')),
      queue.sell(vends[3]?.w as CreditVendWrite, sale('GC', 'gc-1')),
    ]);
    expect(queue.stats).toEqual({ statements: 1, vends: 4, fallbacks: 0 });
    expect(console0.receiptId).toBeGreaterThan(0);
    expect([a1?.balanceMinor, a2?.balanceMinor, c3?.balanceMinor]).toEqual([95_00, 90_00, 0]);
    for (const [k, v] of vends.entries()) {
      const m = meters[k];
      if (m) m.lastTid = v.tid;
    }
    const ledger =
      await db.execute(sql`select vendor_id, message_id, amount_minor::int, balance_after_minor::int,
        commission_minor::int, token_record_id::text from vendor_float_movements where vendor_id in ('GA', 'GC')
      order by message_id`);
    expect(rowsOf(ledger)).toEqual([
      {
        vendor_id: 'GA',
        message_id: 'ga-1',
        amount_minor: -5_00,
        balance_after_minor: 95_00,
        commission_minor: 8,
        token_record_id: String(a1?.id),
      },
      {
        vendor_id: 'GA',
        message_id: 'ga-2',
        amount_minor: -5_00,
        balance_after_minor: 90_00,
        commission_minor: 8,
        token_record_id: String(a2?.id),
      },
      {
        vendor_id: 'GC',
        message_id: 'gc-1',
        amount_minor: -5_00,
        balance_after_minor: 0,
        commission_minor: 0,
        token_record_id: String(c3?.id),
      },
    ]);
    const messages =
      await db.execute(sql`select message_id, meter_id, state, detail->>'commissionMinor' as commission
      from channel_messages where vendor_id in ('GA', 'GC') order by message_id`);
    expect(rowsOf(messages)).toEqual([
      { message_id: 'ga-1', meter_id: m1.meterId, state: 'issued', commission: '8' },
      { message_id: 'ga-2', meter_id: m2.meterId, state: 'issued', commission: '8' },
      { message_id: 'gc-1', meter_id: m3.meterId, state: 'issued', commission: '0' },
    ]);

    // GB may sell 8.00 a day: its two sales of 5.00 together would pass the limit, so their statement fails
    // and each vend is written alone in arrival order — GB's first sale and the console vend are written,
    // its second is refused.
    const next = new VendWriteQueue(db);
    const more = [vendOn(m4), vendOn(m5), vendOn(m0)];
    const before = await state();
    const [b4, console5, refused] = await Promise.all([
      next.sell(more[0]?.w as CreditVendWrite, sale('GB', 'gb-1')),
      next.write(more[1]?.w as CreditVendWrite),
      next.sell(more[2]?.w as CreditVendWrite, sale('GB', 'gb-2')),
    ]);
    expect(b4?.balanceMinor).toBe(15_00);
    expect(console5.receiptId).toBeGreaterThan(0);
    expect(refused).toBeUndefined();
    expect(next.stats).toEqual({ statements: 1, vends: 3, fallbacks: 1 });
    const after = await state();
    expect(after).toMatchObject({ records: Number(before.records) + 2, audits: Number(before.audits) + 2 });
    const gb = await db.execute(sql`select balance_minor::int, day_sold_minor::int,
        (select count(*)::int from channel_messages where vendor_id = 'GB') as messages from vendors where vendor_id = 'GB'`);
    expect(rowsOf(gb)).toEqual([{ balance_minor: 15_00, day_sold_minor: 5_00, messages: 1 }]);
    m4.lastTid = more[0]?.tid ?? null;
    m5.lastTid = more[1]?.tid ?? null;
  });

  it('a refusing float in a statement of several fails the statement; each vend is then written alone', async () => {
    const db = t.database.db;
    await refreshTids();
    const [m1, m2] = meters.slice(1, 3) as [Meter, Meter];
    const queue = new VendWriteQueue(db);
    const v1 = vendOn(m1);
    const v2 = vendOn(m2);
    // GC's float is spent: its sale refuses, the console vend in its statement is written alone.
    const [refused, written] = await Promise.all([
      queue.sell(v1.w, {
        vendorId: 'GC',
        messageId: 'gc-2',
        amountMinor: 5_00,
        state: 'issued',
        detail: {},
        day: '2026-11-22',
      }),
      queue.write(v2.w),
    ]);
    expect(refused).toBeUndefined();
    expect(written.receiptId).toBeGreaterThan(0);
    expect(queue.stats).toEqual({ statements: 1, vends: 2, fallbacks: 1 });
    const gc = await db.execute(sql`select balance_minor::int from vendors where vendor_id = 'GC'`);
    expect(rowsOf(gc)).toEqual([{ balance_minor: 0 }]);
    m2.lastTid = v2.tid;
  });

  it("puts a vendor's sales of two days in two statements (its day counter moves once a statement)", async () => {
    const db = t.database.db;
    await refreshTids();
    const [m3, m4] = meters.slice(3, 5) as [Meter, Meter];
    const queue = new VendWriteQueue(db);
    const [v3, v4] = [vendOn(m3), vendOn(m4)];
    const on = (messageId: string, day: string) => ({
      vendorId: 'GA',
      messageId,
      amountMinor: 5_00,
      state: 'issued',
      detail: {},
      day,
    });
    const [late, next] = await Promise.all([
      queue.sell(v3.w, on('ga-3', '2026-11-22')),
      queue.sell(v4.w, on('ga-4', '2026-11-23')),
    ]);
    expect([late?.balanceMinor, next?.balanceMinor]).toEqual([85_00, 80_00]);
    expect(queue.stats).toEqual({ statements: 2, vends: 2, fallbacks: 0 });
    const ga = await db.execute(
      sql`select day_sold_minor::int, sold_day::text from vendors where vendor_id = 'GA'`,
    );
    expect(rowsOf(ga)).toEqual([{ day_sold_minor: 5_00, sold_day: '2026-11-23' }]);
  });
});

import type { ReconciliationRow } from '@prepay/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessages, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { HOUR_MS, localDay } from '../src/lib/dates.js';
import { insertMessage, lockVendor, moveFloat, updateMessage } from '../src/modules/vendor/vendor.repo.js';
import { createTestApp, type TestApp } from './harness.js';
import { sheetRows } from './workbook.js';

/** The commission the rules give a sale: its rate in basis points, rounded half up to the minor unit. */
const commissionOf = (amountMinor: number, bp: number) => Math.floor((amountMinor * bp + 5000) / 10000);

/**
 * The daily reconciliation equals a straightforward recomputation from the raw rows — the sales and their
 * reversals (channel messages) and every float movement — across random vendors, commission rates, days,
 * top-ups, adjustments and reversals.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const DAY0 = Date.parse('2026-10-01T00:00:00Z');

/** One event in a vendor's float history; a reversal names one of the vendor's earlier sales. */
const event = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), amount: fc.integer({ min: 1, max: 5_000_00 }) }),
  fc.record({ kind: fc.constant('adjustment' as const), amount: fc.integer({ min: -500_00, max: 500_00 }) }),
  fc.record({ kind: fc.constant('sale' as const), amount: fc.integer({ min: 1, max: 900_00 }) }),
  fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
);
const vendorPlan = fc.record({
  commissionBp: fc.integer({ min: 0, max: 1000 }),
  events: fc.array(fc.record({ e: event, hours: fc.integer({ min: 0, max: 30 }) }), { maxLength: 12 }),
});

let run = 0;

type VendorPlan = typeof vendorPlan extends fc.Arbitrary<infer P> ? P : never;

/** Writes one vendor's random history as the channel does: message, float movement, state. */
async function writeHistory(vendorId: string, plan: VendorPlan) {
  const db = t.database.db;
  await db.insert(vendors).values({
    vendorId,
    vendorName: `Vendor ${vendorId}`,
    vendorKind: 'agent',
    stationIds: ['0001'],
    clientId: String(6_004_708_000_000 + run),
    terminalId: 'T1',
    creditLimitMinor: 10_000_000_00,
    commissionBp: plan.commissionBp,
  });
  let at = DAY0 + run * HOUR_MS;
  const sales: { id: number; messageId: string; amount: number; commission: number; reversed: boolean }[] =
    [];
  for (const [i, { e, hours }] of plan.events.entries()) {
    at += hours * HOUR_MS;
    const now = new Date(at);
    await db.transaction(async (tx) => {
      await lockVendor(tx, vendorId);
      if (e.kind === 'topUp' || e.kind === 'adjustment') {
        await moveFloat(tx, { vendorId, kind: e.kind, amountMinor: e.amount, createId: 'admin', now });
      } else if (e.kind === 'sale') {
        const messageId = `${vendorId}-${i}`;
        const commission = commissionOf(e.amount, plan.commissionBp);
        const msg = await insertMessage(tx, {
          vendorId,
          messageId,
          kind: 'purchase',
          meterId: '47000000001',
          amountMinor: e.amount,
          state: 'issued',
          detail: { commissionMinor: commission },
          now,
        });
        await moveFloat(tx, {
          vendorId,
          kind: 'sale',
          amountMinor: -e.amount,
          commissionMinor: commission,
          messageId,
          createId: `vendor:${vendorId}`,
          now,
        });
        sales.push({ id: msg.id, messageId, amount: e.amount, commission, reversed: false });
      } else {
        const open = sales.filter((s) => !s.reversed);
        const sale = open[e.pick % Math.max(open.length, 1)];
        if (!sale) return;
        sale.reversed = true;
        await moveFloat(tx, {
          vendorId,
          kind: 'reversal',
          amountMinor: sale.amount,
          commissionMinor: -sale.commission,
          messageId: sale.messageId,
          createId: `vendor:${vendorId}`,
          now,
        });
        await updateMessage(tx, sale.id, { state: 'reversed', reversalId: `r-${sale.messageId}` }, now);
      }
    });
  }
}

const money = (minor: number) => minor / 100;

/** The report recomputed by hand: every movement of a vendor-day, its sale rows checked against the messages. */
async function recomputed(): Promise<ReconciliationRow[]> {
  const db = t.database.db;
  const moves = (await db.select().from(vendorFloatMovements)).sort((a, b) => a.id - b.id);
  const msgs = new Map(
    (await db.select().from(channelMessages)).map((m) => [`${m.vendorId}/${m.messageId}`, m]),
  );
  const names = new Map((await db.select().from(vendors)).map((v) => [v.vendorId, v.vendorName]));
  const days = new Map<string, ReconciliationRow & { last: number; movement: number }>();
  for (const mv of moves) {
    const day = localDay(mv.createDate);
    const key = `${mv.vendorId}/${day}`;
    const r = days.get(key) ?? {
      ...{ vendorId: mv.vendorId, vendorName: names.get(mv.vendorId) ?? '', day },
      ...{ openingBalance: 0, topUps: 0, adjustments: 0, salesCount: 0, salesAmount: 0, reversalCount: 0 },
      ...{
        reversalAmount: 0,
        commission: 0,
        netSales: 0,
        netDue: 0,
        closingBalance: 0,
        last: 0,
        movement: 0,
      },
    };
    const sale = mv.messageId ? msgs.get(`${mv.vendorId}/${mv.messageId}`) : undefined;
    if (mv.movementKind === 'topUp') r.topUps += mv.amountMinor;
    if (mv.movementKind === 'adjustment') r.adjustments += mv.amountMinor;
    if (mv.movementKind === 'sale') {
      expect(-mv.amountMinor).toBe(sale?.amountMinor);
      r.salesCount += 1;
      r.salesAmount += sale?.amountMinor ?? 0;
    }
    if (mv.movementKind === 'reversal') {
      expect(sale?.state).toBe('reversed');
      r.reversalCount += 1;
      r.reversalAmount += sale?.amountMinor ?? 0;
    }
    r.commission += mv.commissionMinor;
    r.movement += mv.amountMinor;
    r.closingBalance = mv.balanceAfterMinor;
    days.set(key, r);
  }
  return [...days.values()]
    .map(({ last: _l, movement, ...r }) => ({
      ...r,
      openingBalance: money(r.closingBalance - movement),
      topUps: money(r.topUps),
      adjustments: money(r.adjustments),
      salesAmount: money(r.salesAmount),
      reversalAmount: money(r.reversalAmount),
      commission: money(r.commission),
      netSales: money(r.salesAmount - r.reversalAmount),
      netDue: money(r.salesAmount - r.reversalAmount - r.commission),
      closingBalance: money(r.closingBalance),
    }))
    .sort((a, b) => b.day.localeCompare(a.day) || a.vendorId.localeCompare(b.vendorId));
}

async function report(body: Record<string, unknown> = {}) {
  const res = await t.call<{ total: number; data: ReconciliationRow[] }>(
    '/api/channelReconciliation/read',
    { pageNumber: 1, pageSize: 1000, ...body },
    admin,
  );
  expect(res.code, res.reason).toBe(0);
  return res.result;
}

describe('daily reconciliation', () => {
  it('equals a recomputation from the raw sales, reversals and float movements', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(vendorPlan, { minLength: 1, maxLength: 3 }), async (plans) => {
        for (const plan of plans) {
          run += 1;
          await writeHistory(`P${run}`, plan);
        }
        const expected = await recomputed();
        const answered = await report();
        expect(answered.total).toBe(expected.length);
        expect(answered.data).toEqual(expected);
        // The closing balance of each vendor's last day is its float balance.
        for (const v of await t.database.db.select().from(vendors)) {
          const last = expected.find((r) => r.vendorId === v.vendorId);
          if (last) expect(last.closingBalance).toBe(money(v.balanceMinor));
        }
      }),
      { numRuns: 20 },
    );
  });

  it('filters by vendor and day and sorts by a column; the export holds the same figures', async () => {
    const all = await recomputed();
    const pick = all[Math.floor(all.length / 2)];
    if (!pick) throw new Error('no reconciliation rows');
    const one = await report({ vendorId: pick.vendorId, dayFrom: pick.day, dayTo: pick.day });
    expect(one.data).toEqual([pick]);
    const byDue = await report({ orderBy: 'netDue desc' });
    expect(byDue.data.map((r) => r.netDue)).toEqual([...all.map((r) => r.netDue)].sort((a, b) => b - a));
    const bad = await t.post('/api/channelReconciliation/read', { orderBy: 'secret desc' }, admin);
    expect(bad.statusCode).toBe(400);

    const file = await t.post('/api/channelReconciliation/export', { vendorId: pick.vendorId }, admin);
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toContain('Net Due');
    const mine = all.filter((r) => r.vendorId === pick.vendorId);
    expect(rows.length - 1).toBe(mine.length);
    const dueAt = rows[0]?.indexOf('Net Due') ?? -1;
    expect(rows.slice(1).map((r) => Number(r[dueAt]))).toEqual(mine.map((r) => r.netDue));
  });
});

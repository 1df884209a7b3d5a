import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorFloatMovements, vendors } from '../src/db/schema.js';
import { addDays, localDay } from '../src/lib/dates.js';
import {
  advice,
  CHANNEL_DOCUMENT,
  channelClient,
  fundedVendor,
  newId,
  purchaseBody,
} from './channel-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A vendor machine reads its own sales for a day or a range, as a bank's integration team reconciles: paged,
 * with totals that agree with its float's ledger, and never another vendor's sale.
 */

const A = { vendorId: 'BANKA', clientId: '6004708000031', topUp: '20000', commissionRate: '1.5' };
const B = { vendorId: 'BANKB', clientId: '6004708000032', topUp: '20000' };
const METERS = ['47050000001', '47050000002', '47050000003', '47050000004'];
const PRICE = 600_00;

let t: TestApp;
let asA: Awaited<ReturnType<typeof channelClient>>;
let asB: Awaited<ReturnType<typeof channelClient>>;
let today = '';
const soldByA: string[] = [];
let reversedId = '';

beforeAll(async () => {
  t = await createTestApp();
  today = localDay(t.clock.now());
  for (const m of METERS) await vendableMeter(t, { meterId: m, debtMinor: 0 });
  const a = await fundedVendor(t, A);
  const b = await fundedVendor(t, B);
  asA = await channelClient(t, () => a);
  asB = await channelClient(t, () => b);
  for (const meterId of METERS.slice(0, 3)) {
    const id = newId();
    const sold = await asA('createTokenPurchaseRequest')(
      { purchaseId: id },
      purchaseBody(id, meterId, PRICE, 'BANKA'),
    );
    expect(sold.status).toBe(201);
    soldByA.push(id);
  }
  const id = newId();
  const sold = await asB('createTokenPurchaseRequest')(
    { purchaseId: id },
    purchaseBody(id, METERS[3] ?? '', PRICE, 'BANKB'),
  );
  expect(sold.status).toBe(201);
  reversedId = soldByA[2] ?? '';
  const reversalId = newId();
  const reversed = await asA('reverseTokenPurchase')(
    { purchaseId: reversedId, reversalId },
    { ...advice(reversalId, reversedId), reversalReason: 'CANCELLED' },
  );
  expect(reversed.status).toBe(202);
});
afterAll(async () => t?.close());

const page = (from: string, to: string, offset = 0, limit = 100) => ({
  from,
  to,
  offset: String(offset),
  limit: String(limit),
});

describe("a vendor machine's own sales", () => {
  it('is described in the channel document as a GET with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: CHANNEL_DOCUMENT })).json();
    const op = doc.paths['/vendorSales'].get;
    expect(op.operationId).toBe('listVendorSales');
    expect(op.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ['from', true],
      ['to', true],
      ['offset', false],
      ['limit', false],
    ]);
  });

  it('pages its own sales of the day, with totals that agree with its float', async () => {
    const first = await asA('listVendorSales')(page(today, today, 0, 2));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await asA('listVendorSales')(page(today, today, 2, 2));
    const sales = [...first.body.sales, ...second.body.sales];
    expect(first.body.sales).toHaveLength(2);
    expect(first.body.total).toBe(3);
    expect(sales.map((s: { purchaseId: string }) => s.purchaseId)).toEqual(soldByA);
    expect(sales.map((s: { state: string }) => s.state)).toEqual(['ISSUED', 'ISSUED', 'REVERSED']);
    expect(sales.every((s: { channel: string; amount: { amount: number } }) => s.channel === 'REST')).toBe(
      true,
    );
    expect(sales.every((s: { amount: { amount: number } }) => s.amount.amount === PRICE)).toBe(true);

    const moves = await t.database.db
      .select()
      .from(vendorFloatMovements)
      .where(eq(vendorFloatMovements.vendorId, 'BANKA'));
    const commission = moves.reduce((s, m) => s + m.commissionMinor, 0);
    expect(commission).toBeGreaterThan(0);
    const totals = first.body.totals;
    expect(totals).toMatchObject({
      salesCount: 3,
      salesAmount: { amount: 3 * PRICE },
      reversalCount: 1,
      reversalAmount: { amount: PRICE },
      commission: { amount: commission },
      netDue: { amount: 2 * PRICE - commission },
    });
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.vendorId, 'BANKA'));
    expect(Number(A.topUp) * 100 - (row?.balanceMinor ?? 0)).toBe(
      totals.salesAmount.amount - totals.reversalAmount.amount,
    );
    // Each line's commission is what its own ledger row holds.
    expect(
      sales.reduce((s: number, l: { commission: { amount: number } }) => s + l.commission.amount, 0),
    ).toBe(moves.filter((m) => m.movementKind === 'sale').reduce((s, m) => s + m.commissionMinor, 0));
  });

  it("never shows another vendor's sales, and a day without sales is empty", async () => {
    const mine = await asB('listVendorSales')(page(today, today));
    expect(mine.body.total).toBe(1);
    expect(mine.body.sales.map((s: { purchaseId: string }) => s.purchaseId)).not.toContain(soldByA[0]);
    expect(mine.body.totals.reversalCount).toBe(0);
    const yesterday = addDays(today, -1);
    const none = await asA('listVendorSales')(page(yesterday, yesterday));
    expect(none.body).toMatchObject({
      total: 0,
      sales: [],
      totals: { salesCount: 0, netDue: { amount: 0 } },
    });
  });

  it('refuses bad input with a 4xx and the interface error type', async () => {
    const refused = async (q: Record<string, string>) => {
      const r = await asA('listVendorSales')(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.errorType).toBe('FORMAT_ERROR');
      expect(r.body.requestType).toBe('VENDOR_SALES_REQUEST');
    };
    await refused(page(today, addDays(today, -1)));
    await refused(page(addDays(today, -92), today));
    await refused(page('2026-02-30', '2026-03-01'));
    await refused(page('yesterday', today));
    await refused(page(today, today, -1));
    await refused(page(today, today, 0, 0));
    await refused(page(today, today, 0, 501));
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/prepaidutility/v3/vendorSales?from=${today}&to=${today}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const withoutDays = await asA('listVendorSales')({ from: '', to: '', offset: '0', limit: '1' });
    expect(withoutDays.status).toBe(400);
  });
});

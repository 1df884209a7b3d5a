import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessages, tokenRecords, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { advice, channelClient, fundedVendor, newId, purchaseBody, vendorLine } from './channel-fixture.js';
import type { Call } from './conformance/document-client.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A vendor's daily limit and commission on channel sales. The utility here is three hours east of UTC
 * (Nairobi, no daylight saving), so its day begins at 21:00 UTC: a limit that restarted at UTC midnight
 * would still count the evening's sales after local midnight.
 */
const zone = process.env.TZ;
process.env.TZ = 'Africa/Nairobi';
// The worker's later test files run in the zone they started in.
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

let t: TestApp;
const METER = '47005550001';
const LIMITED = { vendorId: 'LIM01', clientId: '6004708000301', topUp: '5000', dailyLimit: '1000' };
const PAID = { vendorId: 'COM01', clientId: '6004708000302', topUp: '5000', commissionRate: '1.5' };
const apis = new Map<string, (operationId: string) => Call>();

beforeAll(async () => {
  t = await createTestApp();
  await vendableMeter(t, { meterId: METER, debtMinor: 0 });
  for (const v of [LIMITED, PAID]) {
    const authorization = await fundedVendor(t, v);
    apis.set(v.vendorId, await channelClient(t, () => authorization));
  }
});
afterAll(async () => t?.close());

function buy(vendorId: string, amountMinor: number, id = newId()) {
  const api = apis.get(vendorId);
  if (!api) throw new Error(`no client for ${vendorId}`);
  return api('createTokenPurchaseRequest')(
    { purchaseId: id },
    purchaseBody(id, METER, amountMinor, vendorId),
  );
}

async function written(vendorId: string) {
  const db = t.database.db;
  const [v] = await db.select().from(vendors).where(eq(vendors.vendorId, vendorId));
  return {
    balance: v?.balanceMinor,
    records: (await db.select().from(tokenRecords)).length,
    movements: (
      await db.select().from(vendorFloatMovements).where(eq(vendorFloatMovements.vendorId, vendorId))
    ).length,
    messages: (await db.select().from(channelMessages).where(eq(channelMessages.vendorId, vendorId))).length,
  };
}

/** Moves the manual clock to `iso` (it only goes forward). */
function clockTo(iso: string) {
  const minutes = (new Date(iso).getTime() - t.clock.now().getTime()) / 60_000;
  expect(minutes).toBeGreaterThanOrEqual(0);
  t.clock.advanceMinutes(minutes);
}

describe("a vendor's daily limit", () => {
  it('refuses the sale that would pass it with LIMIT_EXCEEDED, writing nothing, and starts again at local midnight', async () => {
    clockTo('2026-11-22T20:30:00Z'); // 23:30 in Nairobi
    expect((await buy(LIMITED.vendorId, 600_00)).status).toBe(201);
    const before = await written(LIMITED.vendorId);
    const over = await buy(LIMITED.vendorId, 400_01);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errorType: 'LIMIT_EXCEEDED' });
    expect(await written(LIMITED.vendorId)).toEqual(before);
    // Exactly up to the limit is allowed.
    expect((await buy(LIMITED.vendorId, 400_00)).status).toBe(201);
    expect((await buy(LIMITED.vendorId, 1)).body).toMatchObject({ errorType: 'LIMIT_EXCEEDED' });

    clockTo('2026-11-22T21:01:00Z'); // 00:01 on the 23rd in Nairobi, still the 22nd in UTC
    const sale = newId();
    expect((await buy(LIMITED.vendorId, 1000_00, sale)).status).toBe(201);
    const refused = await buy(LIMITED.vendorId, 1);
    expect(refused.body).toMatchObject({ errorType: 'LIMIT_EXCEEDED' });
    expect((await written(LIMITED.vendorId)).balance).toBe(5000_00 - 2000_00);

    // A reversal gives the day its room back.
    const reversalId = newId();
    const reversed = await apis.get(LIMITED.vendorId)?.('reverseTokenPurchase')(
      { purchaseId: sale, reversalId },
      { ...advice(reversalId, sale), reversalReason: 'CANCELLED' },
    );
    expect(reversed?.status).toBe(202);
    expect((await buy(LIMITED.vendorId, 600_00)).status).toBe(201);
    expect((await buy(LIMITED.vendorId, 400_01)).body).toMatchObject({ errorType: 'LIMIT_EXCEEDED' });
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.vendorId, LIMITED.vendorId));
    expect([row?.soldDay, row?.daySoldMinor, row?.balanceMinor]).toEqual([
      '2026-11-23',
      600_00,
      5000_00 - 1600_00,
    ]);
  });
});

describe("a vendor's commission", () => {
  it('is computed on each sale at the configured rate, rounded half up, and appears in the statement', async () => {
    expect((await buy(PAID.vendorId, 600_00)).status).toBe(201); // 1.5 % of 600.00 = 9.00
    expect((await buy(PAID.vendorId, 333_33)).status).toBe(201); // 4.99995 → 5.00
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const changed = await t.call(
      '/api/vendor/update',
      [vendorLine({ ...PAID, commissionRate: '2.25' })],
      admin,
    );
    expect(changed.code).toBe(0);
    expect((await buy(PAID.vendorId, 100_00)).status).toBe(201); // 2.25 % of 100.00 = 2.25
    const statement = await t.call<{
      data: Array<{ movementKind: string; amount: number; commission: number; balanceAfter: number }>;
    }>('/api/vendor/statement', { vendorId: PAID.vendorId, pageNumber: 1, pageSize: 20 }, admin);
    expect(statement.code).toBe(0);
    expect(
      statement.result.data.map((r) => [r.movementKind, r.amount, r.commission, r.balanceAfter]),
    ).toEqual([
      ['sale', -100, 2.25, 3966.67],
      ['sale', -333.33, 5, 4066.67],
      ['sale', -600, 9, 4400],
      ['topUp', 5000, 0, 5000],
    ]);
    const ledger = await t.database.db
      .select()
      .from(vendorFloatMovements)
      .where(eq(vendorFloatMovements.vendorId, PAID.vendorId));
    expect(ledger.map((m) => m.commissionMinor).sort((a, b) => a - b)).toEqual([0, 225, 500, 900]);
  });
});

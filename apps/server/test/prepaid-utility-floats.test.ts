import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenRecords, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { channelClient, fundedVendor, newId, purchaseBody } from './channel-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * Floats under concurrent load: 16 purchases from 4 vendors at once, whose floats run out part-way. Each
 * sale either lands whole (token record, float debit, ledger row) or not at all, and no float goes past its
 * credit limit.
 */

let t: TestApp;
const METERS = Array.from({ length: 8 }, (_, i) => `4702000000${i}`);
const PRICE = 600_00;
/** Top-up and credit limit per vendor: room for 2, 3, 4 and 0 sales of PRICE. */
const VENDORS = [
  { vendorId: 'V0', clientId: '6004708000010', topUp: '900', creditLimit: '300' },
  { vendorId: 'V1', clientId: '6004708000011', topUp: '1500', creditLimit: '300' },
  { vendorId: 'V2', clientId: '6004708000012', topUp: '2400', creditLimit: '0' },
  { vendorId: 'V3', clientId: '6004708000013', topUp: '100', creditLimit: '400' },
];
const ROOM = [2, 3, 4, 0];
/** Each vendor's machine: the client generated from the channel's document, with its own credentials. */
const clients = new Map<string, Awaited<ReturnType<typeof channelClient>>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const m of METERS) await vendableMeter(t, { meterId: m });
  for (const v of VENDORS) {
    const authorization = await fundedVendor(t, v);
    clients.set(v.vendorId, await channelClient(t, () => authorization));
  }
});
afterAll(async () => t?.close());

describe('vendor floats under concurrent purchases', () => {
  it('16 concurrent purchases: no float past its limit, sales equal float movements, no acknowledged sale lost', async () => {
    const purchases = VENDORS.flatMap((v, vi) =>
      [0, 1, 2, 3].map((k) => ({
        vendorId: v.vendorId,
        id: newId(),
        meterId: METERS[(vi * 4 + k) % 8] ?? '',
      })),
    );
    const answers = await Promise.all(
      purchases.map((p) => {
        const api = clients.get(p.vendorId);
        if (!api) throw new Error(`no client for ${p.vendorId}`);
        return api('createTokenPurchaseRequest')(
          { purchaseId: p.id },
          purchaseBody(p.id, p.meterId, PRICE, p.vendorId),
        );
      }),
    );
    const db = t.database.db;
    for (const [i, v] of VENDORS.entries()) {
      const mine = purchases
        .map((p, j) => ({ ...p, a: answers[j] }))
        .filter((p) => p.vendorId === v.vendorId);
      const sold = mine.filter((p) => p.a?.status === 201);
      const refused = mine.filter((p) => p.a?.status !== 201);
      expect(sold.length, v.vendorId).toBe(ROOM[i]);
      for (const r of refused) expect(r.a?.body).toMatchObject({ errorType: 'INSUFFICIENT_FUNDS' });

      const [row] = await db.select().from(vendors).where(eq(vendors.vendorId, v.vendorId));
      const topUp = Number(v.topUp) * 100;
      expect(row?.balanceMinor).toBe(topUp - sold.length * PRICE);
      expect((row?.balanceMinor ?? 0) + (row?.creditLimitMinor ?? 0)).toBeGreaterThanOrEqual(0);
      const moves = await db
        .select()
        .from(vendorFloatMovements)
        .where(eq(vendorFloatMovements.vendorId, v.vendorId));
      const sales = moves.filter((m) => m.movementKind === 'sale');
      expect(sales.reduce((s, m) => s + m.amountMinor, 0)).toBe((row?.balanceMinor ?? 0) - topUp);
      expect(sales.map((m) => m.messageId).sort()).toEqual(sold.map((p) => p.id).sort());
      // Every acknowledged sale is on record with the token it answered; no refused one is.
      for (const p of sold) {
        const [rec] = await db.select().from(tokenRecords).where(eq(tokenRecords.idempotencyKey, p.id));
        expect(rec?.token).toBe(p.a?.body.tokens[0].token);
        expect(rec?.status).toBe(0);
      }
      for (const p of refused) {
        expect(await db.select().from(tokenRecords).where(eq(tokenRecords.idempotencyKey, p.id))).toEqual([]);
      }
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelMessages, tokenRecords, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { channelClient, fundedVendor, newId, purchaseBody } from './channel-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A REST purchase goes the console vend's way: no transaction, the vend and the channel's rows (float,
 * ledger, message) written by one statement, so it is all there or none of it is.
 */

let t: TestApp;
const METER = '47030000001';
let buy: Awaited<ReturnType<typeof channelClient>>;

beforeAll(async () => {
  t = await createTestApp();
  await vendableMeter(t, { meterId: METER });
  const authorization = await fundedVendor(t, {
    vendorId: 'VW',
    clientId: '6004708000020',
    topUp: '2100',
    creditLimit: '0',
  });
  buy = await channelClient(t, () => authorization);
});
afterAll(async () => t?.close());

const purchase = (id: string, amountMinor: number) =>
  buy('createTokenPurchaseRequest')({ purchaseId: id }, purchaseBody(id, METER, amountMinor, 'VW'));

describe('a channel purchase on the console write path', () => {
  it('opens no transaction and writes the record, the float debit, the ledger row and the message together', async () => {
    const db = t.database.db;
    const transaction = vi.spyOn(db, 'transaction');
    const id = newId();
    const answer = await purchase(id, 600_00);
    expect(answer.status).toBe(201);
    expect(transaction).not.toHaveBeenCalled();
    transaction.mockRestore();
    const [msg] = await db.select().from(channelMessages).where(eq(channelMessages.messageId, id));
    expect(msg).toMatchObject({ vendorId: 'VW', kind: 'purchase', state: 'issued', amountMinor: 600_00 });
    expect(msg?.detail).toMatchObject({ commissionMinor: 900 });
    const [rec] = await db
      .select()
      .from(tokenRecords)
      .where(eq(tokenRecords.id, msg?.tokenRecordId ?? 0));
    expect(rec?.token).toBe(answer.body.tokens[0].token);
    const [v] = await db.select().from(vendors).where(eq(vendors.vendorId, 'VW'));
    expect(v?.balanceMinor).toBe(1500_00);
    const ledger = await db.select().from(vendorFloatMovements).where(eq(vendorFloatMovements.messageId, id));
    expect(ledger).toEqual([
      expect.objectContaining({
        movementKind: 'sale',
        amountMinor: -600_00,
        balanceAfterMinor: 1500_00,
        commissionMinor: 900,
        tokenRecordId: rec?.id,
      }),
    ]);
  });

  it('a sale the float cannot cover writes nothing, and the same id again is a duplicate', async () => {
    const db = t.database.db;
    const before = await db.select().from(tokenRecords).where(eq(tokenRecords.meterId, METER));
    const id = newId();
    const refused = await purchase(id, 2000_00);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorType: 'INSUFFICIENT_FUNDS' });
    const after = await db.select().from(tokenRecords).where(eq(tokenRecords.meterId, METER));
    expect(after).toHaveLength(before.length);
    expect(await db.select().from(channelMessages).where(eq(channelMessages.messageId, id))).toEqual([]);
    const sold = await purchase(id, 600_00);
    expect(sold.status).toBe(201);
    const again = await purchase(id, 600_00);
    expect(again.body).toMatchObject({ errorType: 'DUPLICATE_RECORD' });
    const [v] = await db.select().from(vendors).where(eq(vendors.vendorId, 'VW'));
    expect(v?.balanceMinor).toBe(900_00);
  });
});

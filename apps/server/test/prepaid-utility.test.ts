import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTasks, vendors } from '../src/db/schema.js';
import {
  advice,
  CHANNEL_DOCUMENT,
  channelClient,
  channelCounts,
  fundedVendor,
  purchaseBody,
  saleRecord,
  transaction,
} from './channel-fixture.js';
import type { Call, Document } from './conformance/document-client.js';
import { createTestApp, type TestApp } from './harness.js';
import { meterWithoutAccount, NEW_DECODER_KEY, NEXT_KEY_FIELDS, vendableMeter } from './vending-fixture.js';

/**
 * The prepaid-utility REST channel, driven only through a client generated from the channel's own OpenAPI
 * document: lookup, trial, purchase, duplicates, retry, advices, reprint, key change, fault report, and the
 * refusals a bank's integration team meets first.
 */

let t: TestApp;
let admin: string;
let api: (operationId: string) => Call;
let credentials = '';
const METER = '47001234567';
const BLOCKED = '47009990001';

async function balanceOf(vendorId: string) {
  const [v] = await t.database.db.select().from(vendors).where(eq(vendors.vendorId, vendorId));
  return v?.balanceMinor;
}
const counts = () => channelCounts(t, 'BANK01');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await vendableMeter(t, { meterId: METER, debtMinor: 0 });
  await meterWithoutAccount(t, BLOCKED);
  credentials = await fundedVendor(t, { vendorId: 'BANK01', clientId: '6004708000001', topUp: '10000' });
  api = await channelClient(t, () => credentials);
});
afterAll(async () => t?.close());

describe('the prepaid-utility channel through its own OpenAPI document', () => {
  it('has the interface operations and paths', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: CHANNEL_DOCUMENT })).json() as Document;
    const ids = Object.values(doc.paths).flatMap((m) => Object.values(m).map((o) => o.operationId));
    expect(ids.sort()).toEqual(
      [
        'confirmKeyChange',
        'confirmTokenPurchase',
        'createFaultReport',
        'createKeyChangeTokenRequest',
        'createMeterLookup',
        'createTokenPurchaseRequest',
        // This server's own addition: a vendor machine reading its own sales.
        'listVendorSales',
        'notifyTokenPurchase',
        'requestTokenReprint',
        'retryPurchaseRequest',
        'reverseTokenPurchase',
        'trialTokenPurchaseRequest',
      ].sort(),
    );
  });

  it('looks a meter up, prices a trial without writing, sells, refuses the same id, retries to the same token, confirms', async () => {
    const lookupId = randomUUID();
    const lookup = await api('createMeterLookup')(
      { lookupId },
      { ...transaction(lookupId), meter: { meterId: METER } },
    );
    expect(lookup.status).toBe(201);
    expect(lookup.body).toMatchObject({
      id: lookupId,
      meter: { meterId: METER },
      customer: { firstName: 'Customer' },
    });

    const before = await counts();
    const trialId = randomUUID();
    const trial = await api('trialTokenPurchaseRequest')({ trialId }, purchaseBody(trialId, METER, 600_00));
    expect(trial.status).toBe(200);
    expect(trial.body.tokens).toEqual([]);
    // What is paid: energy, its VAT and the month's charge; less than 0.1 kWh's worth is carried to the next sale.
    const priced =
      trial.body.purchaseTotal.amount +
      trial.body.taxTotal.amount +
      trial.body.serviceCharges[0].amount.amount;
    expect(priced).toBeLessThanOrEqual(600_00);
    expect(600_00 - priced).toBeLessThan(2_15);
    expect(await counts()).toEqual(before);

    const purchaseId = randomUUID();
    const sold = await api('createTokenPurchaseRequest')(
      { purchaseId },
      purchaseBody(purchaseId, METER, 600_00),
    );
    expect(sold.status).toBe(201);
    const token = sold.body.tokens[0];
    expect(token).toMatchObject({ tokenType: 'STD', amount: { currency: '710' } });
    expect(token.token).toMatch(/^\d{20}$/);
    expect(sold.body.purchaseTotal.amount).toBe(trial.body.purchaseTotal.amount);
    const afterSale = await counts();
    expect(afterSale.balance).toBe((before.balance ?? 0) - 600_00);

    const again = await api('createTokenPurchaseRequest')(
      { purchaseId },
      purchaseBody(purchaseId, METER, 600_00),
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      errorType: 'DUPLICATE_RECORD',
      requestType: 'TOKEN_PURCHASE_REQUEST',
      id: purchaseId,
    });
    expect(await counts()).toEqual(afterSale);

    const retryBody = purchaseBody(randomUUID(), METER, 600_00);
    const retried = await api('retryPurchaseRequest')({ purchaseId }, retryBody);
    expect(retried.status).toBe(202);
    expect(retried.body.tokens[0].token).toBe(token.token);
    expect(await counts()).toEqual(afterSale);

    const confirmationId = randomUUID();
    const confirmation = {
      ...advice(confirmationId, purchaseId),
      tenders: [{ amount: { amount: 600_00, currency: '710' }, tenderType: 'CASH' }],
    };
    const confirmed = await api('confirmTokenPurchase')({ purchaseId, confirmationId }, confirmation);
    expect(confirmed.status).toBe(202);
    // Advices are sent until final: the same one again is acknowledged again.
    expect((await api('confirmTokenPurchase')({ purchaseId, confirmationId }, confirmation)).status).toBe(
      202,
    );
    const reversalId = randomUUID();
    const late = await api('reverseTokenPurchase')(
      { purchaseId, reversalId },
      { ...advice(reversalId, purchaseId), reversalReason: 'CANCELLED' },
    );
    expect(late.body).toMatchObject({ errorType: 'TRANSACTION_DECLINED' });

    const reprintId = randomUUID();
    const reprint = await api('requestTokenReprint')(
      { reprintId },
      { ...transaction(reprintId), meter: { meterId: METER }, originalRef: purchaseId },
    );
    expect(reprint.status).toBe(200);
    expect(reprint.body.tokens[0].token).toBe(token.token);
  });

  it('a reversal cancels the token and restores the float; after the meter took the token it is refused', async () => {
    const purchaseId = randomUUID();
    const start = await balanceOf('BANK01');
    const sold = await api('createTokenPurchaseRequest')(
      { purchaseId },
      purchaseBody(purchaseId, METER, 30_00),
    );
    expect(sold.status).toBe(201);
    const reversalId = randomUUID();
    const reversed = await api('reverseTokenPurchase')(
      { purchaseId, reversalId },
      { ...advice(reversalId, purchaseId), reversalReason: 'TIMEOUT' },
    );
    expect(reversed.status).toBe(202);
    expect(await balanceOf('BANK01')).toBe(start);
    expect((await saleRecord(t, purchaseId))?.status).toBe(1);
    const retried = await api('retryPurchaseRequest')({ purchaseId }, purchaseBody(purchaseId, METER, 30_00));
    expect(retried.body).toMatchObject({ errorType: 'TRANSACTION_DECLINED' });

    const usedId = randomUUID();
    const used = await api('createTokenPurchaseRequest')(
      { purchaseId: usedId },
      purchaseBody(usedId, METER, 30_00),
    );
    const afterUsed = await balanceOf('BANK01');
    // The meter answered the token task that carried these digits.
    await t.database.db.insert(remoteTasks).values({
      kind: 'token',
      meterId: METER,
      stationId: '0001',
      request: used.body.tokens[0].token,
      status: 1,
    });
    const refusedId = randomUUID();
    const refused = await api('reverseTokenPurchase')(
      { purchaseId: usedId, reversalId: refusedId },
      { ...advice(refusedId, usedId), reversalReason: 'CANCELLED' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorType: 'TRANSACTION_DECLINED', requestType: 'REVERSAL_ADVICE' });
    expect(await balanceOf('BANK01')).toBe(afterUsed);
    expect((await saleRecord(t, usedId))?.status).toBe(0);

    const unknownId = randomUUID();
    const unknown = await api('reverseTokenPurchase')(
      { purchaseId: randomUUID(), reversalId: unknownId },
      { ...advice(unknownId, randomUUID()), reversalReason: 'CANCELLED' },
    );
    expect(unknown.status).toBe(400);
  });

  it('issues and confirms key change tokens, and logs a fault report', async () => {
    const upd = await t.call(
      '/api/token/meterKey/update',
      [{ meterId: METER, ...NEXT_KEY_FIELDS, decoderKeyNew: NEW_DECODER_KEY }],
      admin,
    );
    expect(upd.code, upd.reason).toBe(0);
    const requestId = randomUUID();
    const kct = await api('createKeyChangeTokenRequest')(
      { requestId },
      { ...transaction(requestId), meter: { meterId: METER } },
    );
    expect(kct.status).toBe(201);
    expect(kct.body.tokens).toHaveLength(2);
    expect(kct.body.tokens[0]).toMatchObject({ tokenType: 'KC' });
    const confirmationId = randomUUID();
    const ok = await api('confirmKeyChange')(
      { requestId, confirmationId },
      advice(confirmationId, requestId),
    );
    expect(ok.status).toBe(202);

    const faultId = randomUUID();
    const fault = await api('createFaultReport')(
      { requestId: faultId },
      {
        ...transaction(faultId),
        meter: { meterId: METER },
        contactNumber: '+27821234567',
        faultType: 'METER_DEAD',
      },
    );
    expect(fault.status).toBe(201);
    expect(fault.body.reference).toMatch(/^FR\d+$/);
  });

  it('refuses an unknown meter, a blocked meter and an exhausted float with the interface error types, writing nothing', async () => {
    const before = await counts();
    const refuse = async (meterId: string, amount: number) => {
      const id = randomUUID();
      return api('createTokenPurchaseRequest')({ purchaseId: id }, purchaseBody(id, meterId, amount));
    };
    expect((await refuse('99999999999', 10_00)).body).toMatchObject({ errorType: 'UNKNOWN_METER_ID' });
    expect((await refuse(BLOCKED, 10_00)).body).toMatchObject({ errorType: 'METER_ID_BLOCKED' });
    const exhausted = await refuse(METER, (before.balance ?? 0) + 1);
    expect(exhausted.status).toBe(400);
    expect(exhausted.body).toMatchObject({
      errorType: 'INSUFFICIENT_FUNDS',
      requestType: 'TOKEN_PURCHASE_REQUEST',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad credentials and a malformed message', async () => {
    const saved = credentials;
    credentials = `Basic ${Buffer.from('BANK01:wrong').toString('base64')}`;
    const id = randomUUID();
    const denied = await api('createMeterLookup')(
      { lookupId: id },
      { ...transaction(id), meter: { meterId: METER } },
    );
    expect(denied.status).toBe(401);
    credentials = saved;
    const res = await t.app.inject({
      method: 'POST',
      url: `/prepaidutility/v3/tokenPurchases/${id}`,
      headers: { 'content-type': 'application/json', authorization: credentials },
      payload: JSON.stringify({ id, meter: { meterId: METER } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorType: 'FORMAT_ERROR',
      requestType: 'TOKEN_PURCHASE_REQUEST',
      id,
    });
  });
});

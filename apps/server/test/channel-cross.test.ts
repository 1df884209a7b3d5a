import { eq } from 'drizzle-orm';
import { createClientAsync } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenRecords } from '../src/db/schema.js';
import { localDay } from '../src/lib/dates.js';
import {
  advice,
  channelClient,
  channelCounts,
  fundedVendor,
  newId,
  purchaseBody,
} from './channel-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';
import { type Client, xmlVendRequests, xvFaultOf, xvMsgId } from './xmlvend-fixture.js';

/**
 * One vendor, two channels: a sale made over the REST interface is reprinted and reversed over XMLVend and
 * the other way round, each answer made from the sale's credit record; another vendor's machine never
 * reaches the sale, through either channel, and is refused with that channel's own error.
 */

const BANK = { vendorId: 'BANK01', clientId: '6004708000001', topUp: '10000' };
const OTHER = { vendorId: 'BANK02', clientId: '6004708000002', topUp: '10000' };
/** One meter per story, so that no later vend makes an earlier sale final. */
const M = {
  restToXv: '47040000001',
  xvToRest: '47040000002',
  other: '47040000003',
  confirmed: '47040000004',
  confirmedRest: '47040000005',
};

let t: TestApp;
let soap: Client;
let rest: Awaited<ReturnType<typeof channelClient>>;
let otherRest: Awaited<ReturnType<typeof channelClient>>;
let xv: ReturnType<typeof xmlVendRequests>;
let otherXv: ReturnType<typeof xmlVendRequests>;
let unique = 300_000;

const secretOf = (basic: string) =>
  Buffer.from(basic.slice('Basic '.length), 'base64').toString('utf8').split(':')[1] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  for (const m of Object.values(M)) await vendableMeter(t, { meterId: m, debtMinor: 0 });
  const bank = await fundedVendor(t, BANK);
  const other = await fundedVendor(t, OTHER);
  rest = await channelClient(t, () => bank);
  otherRest = await channelClient(t, () => other);
  xv = xmlVendRequests({ clientEan: BANK.clientId, terminal: 'T0000001', secret: secretOf(bank) });
  otherXv = xmlVendRequests({ clientEan: OTHER.clientId, terminal: 'T0000001', secret: secretOf(other) });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  soap = await createClientAsync(`${url}/xmlvend/2.1?wsdl`);
});
afterAll(async () => t?.close());

const recordOf = async (receiptNo: string | number) => {
  const [r] = await t.database.db
    .select()
    .from(tokenRecords)
    .where(eq(tokenRecords.receiptId, Number(receiptNo)));
  if (!r) throw new Error(`no record ${receiptNo}`);
  return r;
};

/** The msgID an XMLVend machine names another channel's sale by: its day and its receipt number. */
const receiptMsgId = (r: { createDate: Date; receiptId: number }) =>
  xvMsgId(r.receiptId, `${localDay(r.createDate).replaceAll('-', '')}120000`);

async function restSale(meterId: string) {
  const id = newId();
  const sold = await rest('createTokenPurchaseRequest')(
    { purchaseId: id },
    purchaseBody(id, meterId, 600_00),
  );
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  return { id, token: sold.body.tokens[0] as { token: string; receiptNum: string; units: number } };
}

async function xvSale(meterId: string) {
  const n = ++unique;
  const [sold] = await soap.CreditVendRequestAsync(xv.vend(n, meterId, '600.00'));
  return {
    n,
    tx: [sold.creditVendReceipt.transactions.tx].flat()[0],
    receiptNo: sold.creditVendReceipt.attributes.receiptNo as string,
  };
}

describe('a sale over one channel, reprinted and reversed over the other', () => {
  it('a REST sale is reprinted over XMLVend from its record, then reversed there within the rules', async () => {
    const sale = await restSale(M.restToXv);
    const record = await recordOf(sale.token.receiptNum);
    const [reprint] = await soap.ReprintRequestAsync(xv.reprint(++unique, M.restToXv));
    const again = [reprint.reprint].flat()[0];
    const tx = [again.creditVendReceipt.transactions.tx].flat()[0];
    expect(again.creditVendReceipt.attributes.receiptNo).toBe(String(record.receiptId));
    expect(again.operatorMsg).toBe(`Sold ${record.createDate.toISOString()}`);
    expect(tx.creditTokenIssue.token.stsCipher).toBe(record.token);
    expect(tx.creditTokenIssue.token.stsCipher).toBe(sale.token.token);
    expect(tx.creditTokenIssue.meterDetail.attributes.msno).toBe(M.restToXv);
    expect(tx.creditTokenIssue.units.attributes.value).toBe(((record.units ?? 0) / 10).toFixed(1));
    expect(tx.amt.attributes.value).toBe(((record.energyMinor ?? 0) / 100).toFixed(2));

    // An advice naming a msgID this terminal never sent, on another day: not this sale, nothing moves.
    const before = await channelCounts(t, BANK.vendorId);
    const wrongDay = xvMsgId(record.receiptId, '19990101120000');
    expect(
      await xvFaultOf(soap.AdviceRequestAsync(xv.advice(++unique, 'ReversalAdviceReq', wrongDay))),
    ).toEqual({ type: 'ReversalEx', code: 'XV13' });
    expect(await channelCounts(t, BANK.vendorId)).toEqual(before);

    const [reversed] = await soap.AdviceRequestAsync(
      xv.advice(++unique, 'ReversalAdviceReq', receiptMsgId(record)),
    );
    expect(reversed.attributes.txReversed).toBe('true');
    expect((await channelCounts(t, BANK.vendorId)).balance).toBe((before.balance ?? 0) + 600_00);
    expect((await recordOf(record.receiptId)).status).toBe(1);
    // Reversed, the sale is no longer reprinted on either channel; its history holds the reversal.
    const reprintId = newId();
    const refused = await rest('requestTokenReprint')(
      { reprintId },
      { ...purchaseBody(reprintId, M.restToXv, 1), originalRef: sale.id },
    );
    expect(refused.body).toMatchObject({ errorType: 'TRANSACTION_DECLINED' });
    const history = await t.call<{ adviceKind: string; outcome: string }[]>(
      '/api/channelTransaction/advices',
      { vendorId: BANK.vendorId, messageId: sale.id },
      await t.adminToken(),
    );
    expect(history.result.map((h) => [h.adviceKind, h.outcome])).toEqual([
      ['purchase', 'accepted'],
      ['reprint', 'accepted'],
      ['reversal', 'accepted'],
      ['reprint', 'refused'],
    ]);
  });

  it('an XMLVend sale is reprinted over REST by receipt and by meter, then reversed there', async () => {
    const sale = await xvSale(M.xvToRest);
    const record = await recordOf(sale.receiptNo);
    for (const originalRef of [sale.receiptNo, undefined]) {
      const reprintId = newId();
      const body = { ...purchaseBody(reprintId, M.xvToRest, 1), ...(originalRef ? { originalRef } : {}) };
      const reprint = await rest('requestTokenReprint')({ reprintId }, body);
      expect(reprint.status, JSON.stringify(reprint.body)).toBe(200);
      expect(reprint.body.meter).toEqual({ meterId: M.xvToRest });
      expect(reprint.body.tokens).toEqual([
        expect.objectContaining({
          token: record.token,
          receiptNum: String(record.receiptId),
          units: (record.units ?? 0) / 10,
        }),
      ]);
      expect(reprint.body.purchaseTotal.amount).toBe(record.energyMinor);
      expect(sale.tx.creditTokenIssue.token.stsCipher).toBe(record.token);
    }

    // The reversal names the sale by the receipt number among the identifiers its answer carried.
    const before = await channelCounts(t, BANK.vendorId);
    const purchaseId = newId();
    const reversalId = newId();
    const ours = { institutionId: 'prepay-vending', transactionIdentifier: sale.receiptNo };
    const reversal = {
      ...advice(reversalId, purchaseId),
      thirdPartyIdentifiers: [ours],
      reversalReason: 'CANCELLED',
    };
    const reversed = await rest('reverseTokenPurchase')({ purchaseId, reversalId }, reversal);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(202);
    expect((await channelCounts(t, BANK.vendorId)).balance).toBe((before.balance ?? 0) + 600_00);
    expect((await recordOf(record.receiptId)).status).toBe(1);
    // Sent again until final, it is acknowledged again and the float moved once.
    await rest('reverseTokenPurchase')({ purchaseId, reversalId }, reversal);
    expect((await channelCounts(t, BANK.vendorId)).balance).toBe((before.balance ?? 0) + 600_00);
    expect(await xvFaultOf(soap.ReprintRequestAsync(xv.reprint(++unique, M.xvToRest)))).toEqual({
      type: 'ReprintEx',
      code: 'XV16',
    });
  });

  it('a sale confirmed over one channel is final for the other', async () => {
    const sale = await xvSale(M.confirmed);
    const confirmationId = newId();
    const purchaseId = newId();
    const ours = { institutionId: 'prepay-vending', transactionIdentifier: sale.receiptNo };
    const confirmed = await rest('confirmTokenPurchase')(
      { purchaseId, confirmationId },
      { ...advice(confirmationId, purchaseId), thirdPartyIdentifiers: [ours], tenders: [] },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
    const before = await channelCounts(t, BANK.vendorId);
    expect(
      await xvFaultOf(soap.AdviceRequestAsync(xv.advice(++unique, 'ReversalAdviceReq', xvMsgId(sale.n)))),
    ).toEqual({ type: 'ReversalEx', code: 'XV12' });
    expect(await channelCounts(t, BANK.vendorId)).toEqual(before);

    // A REST sale confirmed over XMLVend (its msgID's dateTime written the ISO way), then refused a REST reversal.
    const restSold = await restSale(M.confirmedRest);
    const rec = await recordOf(restSold.token.receiptNum);
    const iso = xvMsgId(rec.receiptId, `${localDay(rec.createDate)}T12:00:00`);
    const [ok] = await soap.AdviceRequestAsync(xv.advice(++unique, 'ConfirmationAdviceReq', iso));
    expect(ok.attributes.txConfirmed).toBe('true');
    const afterConfirm = await channelCounts(t, BANK.vendorId);
    const reversalId = newId();
    const refused = await rest('reverseTokenPurchase')(
      { purchaseId: restSold.id, reversalId },
      { ...advice(reversalId, restSold.id), reversalReason: 'CANCELLED' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorType: 'TRANSACTION_DECLINED' });
    expect(await channelCounts(t, BANK.vendorId)).toEqual(afterConfirm);
  });

  it("another vendor's machine never reaches the sale, through either channel", async () => {
    const restSold = await restSale(M.other);
    const record = await recordOf(restSold.token.receiptNum);
    const bankBefore = await channelCounts(t, BANK.vendorId);
    const otherBefore = await channelCounts(t, OTHER.vendorId);

    const reprintId = newId();
    const reprint = await otherRest('requestTokenReprint')(
      { reprintId },
      { ...purchaseBody(reprintId, M.other, 1, OTHER.vendorId), originalRef: restSold.token.receiptNum },
    );
    expect(reprint.status).toBe(400);
    expect(reprint.body).toMatchObject({ errorType: 'UNABLE_TO_LOCATE_RECORD' });
    const purchaseId = newId();
    const reversalId = newId();
    const ours = { institutionId: 'prepay-vending', transactionIdentifier: restSold.token.receiptNum };
    const reversal = await otherRest('reverseTokenPurchase')(
      { purchaseId, reversalId },
      { ...advice(reversalId, purchaseId), thirdPartyIdentifiers: [ours], reversalReason: 'CANCELLED' },
    );
    expect(reversal.status).toBe(404);
    expect(reversal.body).toMatchObject({ errorType: 'UNABLE_TO_LOCATE_RECORD' });

    expect(await xvFaultOf(soap.ReprintRequestAsync(otherXv.reprint(++unique, M.other)))).toEqual({
      type: 'ReprintEx',
      code: 'XV16',
    });
    expect(
      await xvFaultOf(
        soap.AdviceRequestAsync(otherXv.advice(++unique, 'ReversalAdviceReq', receiptMsgId(record))),
      ),
    ).toEqual({ type: 'ReversalEx', code: 'XV13' });
    expect(await channelCounts(t, BANK.vendorId)).toEqual(bankBefore);
    expect(await channelCounts(t, OTHER.vendorId)).toEqual(otherBefore);
    expect((await recordOf(record.receiptId)).status).toBe(0);
  });
});

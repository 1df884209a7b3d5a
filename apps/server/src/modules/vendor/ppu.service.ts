import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import type { ChannelTokenRecord, ChannelVending } from '../vending/index.js';
import { type ChannelCaller, callerIn } from './channel-caller.js';
import {
  adviceTarget,
  asChannelError,
  type ChannelCall,
  confirmSale,
  reverseSale,
  sellableMeter,
} from './channel-service.js';
import {
  answerOf,
  customerOf,
  echoOf,
  ourReceipt,
  purchaseAnswer,
  receiptNumber,
  UTILITY_CURRENCY,
  utilityOf,
} from './ppu.answers.js';
import { channelError } from './ppu.errors.js';
import type {
  ConfirmationAdvice,
  FaultReportRequest,
  KeyChangeConfirmation,
  KeyChangeTokenRequest,
  Meter,
  MeterLookupRequest,
  PurchaseRequest,
  ReversalAdvice,
  TokenReprintRequest,
  TransactionFields,
} from './ppu.models.js';
import { sellWithFloat } from './ppu.sale.js';
import {
  type ChannelMessage,
  findMessage,
  findPurchase,
  findVendor,
  insertMessage,
  lastPurchase,
  updateMessage,
  type VendorRecord,
} from './vendor.repo.js';
import type { VendorSalesQuery } from './vendor-sales.models.js';
import { ownSales } from './vendor-sales.service.js';

/** A body's own id must be the id its path names. */
function samePathId(pathId: string, bodyId: string) {
  if (pathId.toLowerCase() !== bodyId.toLowerCase())
    throw channelError('FORMAT_ERROR', 'Id differs from path');
}

/** The message's client must be the vendor its credentials name. */
function sameClient(call: ChannelCall, clientId: string) {
  if (clientId !== call.vendor.vendorId) throw channelError('INVALID_MERCHANT', 'Client id mismatch');
}

/**
 * The vendor's float as it stands now: the caller's row may come from the credential cache, which keeps
 * everything but the balance current.
 */
async function currentFloat(deps: Deps, call: ChannelCall): Promise<VendorRecord> {
  return (await findVendor(deps.database.db, call.vendor.vendorId)) ?? call.vendor;
}

function checkAmount(amountMinor: number, vendor: VendorRecord) {
  if (amountMinor < 1) throw channelError('AMOUNT_TOO_LOW', 'Amount too low');
  if (amountMinor > vendor.balanceMinor + vendor.creditLimitMinor) {
    throw channelError('INSUFFICIENT_FUNDS', 'Float exhausted');
  }
}

async function lookup(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: z.infer<typeof MeterLookupRequest>,
) {
  samePathId(id, req.id);
  sameClient(call, req.client.id);
  const m = await sellableMeter(vending, call, req.meter.meterId);
  const currency = UTILITY_CURRENCY;
  const float = await currentFloat(deps, call);
  const available = Math.max(0, float.balanceMinor + float.creditLimitMinor);
  return {
    ...answerOf(id, echoOf(req), deps.clock.now()),
    meter: req.meter,
    customer: customerOf({
      customerName: m.vendable.customer.customerName,
      customerAddress: m.vendable.customer.address,
    }),
    utility: utilityOf(m.stationId),
    minAmount: { amount: 1, currency },
    maxAmount: { amount: available, currency },
    arrearsAmount: { amount: m.remainingDebtMinor, currency },
    bsstDue: false,
  };
}

async function trial(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: PurchaseRequest,
) {
  samePathId(id, req.id);
  sameClient(call, req.client.id);
  const m = await sellableMeter(vending, call, req.meter.meterId);
  checkAmount(req.purchaseAmount.amount, await currentFloat(deps, call));
  const amount = (req.purchaseAmount.amount / 100).toFixed(2);
  const r = await vending
    .trial(m.caller.ctx, { meterId: m.vendable.meter.meterId, amount, messageId: id, paymentMethod: 'trial' })
    .catch(asChannelError);
  return purchaseAnswer(
    answerOf(id, echoOf(req), deps.clock.now()),
    r,
    req.meter,
    req.purchaseAmount.currency,
    false,
  );
}

/** A purchase under a new id: refused as a duplicate when this vendor used the id before. */
async function purchase(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: PurchaseRequest,
) {
  samePathId(id, req.id);
  return sellUnder(deps, vending, call, id, req);
}

async function sellUnder(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: PurchaseRequest,
) {
  sameClient(call, req.client.id);
  // A re-used id is refused by the message's unique key inside the sale, which then writes nothing.
  const m = await sellableMeter(vending, call, req.meter.meterId);
  if (req.purchaseAmount.amount < 1) throw channelError('AMOUNT_TOO_LOW', 'Amount too low');
  const echo = echoOf(req);
  const r = await sellWithFloat(deps, vending, m.caller, {
    messageId: id,
    meterId: m.vendable.meter.meterId,
    amountMinor: req.purchaseAmount.amount,
    detail: { ...echo, meter: req.meter, currency: req.purchaseAmount.currency },
    context: m.context,
  }).catch(asChannelError);
  return purchaseAnswer(
    answerOf(id, echo, deps.clock.now(), String(r.receiptId)),
    r,
    req.meter,
    req.purchaseAmount.currency,
    true,
  );
}

/** What a sale made over this channel kept of its request; a sale made over another kept none of it. */
type RestDetail = Partial<TransactionFields & { meter: Meter; currency: string }>;

/**
 * A purchase's answer made again from its credit record (a retry, a reprint): the meter, amounts, units,
 * token and receipt as the record holds them, whichever channel sold it; the parties are `echo`'s.
 */
async function recordAnswer(
  deps: Deps,
  vending: ChannelVending,
  msg: ChannelMessage,
  id: string,
  echo: (d: RestDetail) => ReturnType<typeof echoOf>,
) {
  const r = await vending.record(msg.tokenRecordId ?? 0);
  if (!r) throw channelError('UNABLE_TO_LOCATE_RECORD', 'No such purchase', 404);
  const d = msg.detail as RestDetail;
  return purchaseAnswer(
    answerOf(id, echo(d), deps.clock.now(), String(r.receiptId)),
    r,
    d.meter?.meterId === r.meterId ? d.meter : { meterId: r.meterId },
    d.currency ?? UTILITY_CURRENCY,
    true,
  );
}

/** The answer a purchase over this channel gave, to its own parties (a retry). */
const storedAnswer = (deps: Deps, vending: ChannelVending, msg: ChannelMessage, id: string) =>
  recordAnswer(deps, vending, msg, id, (d) => echoOf(d as TransactionFields));

/**
 * A retry of a purchase whose answer the client did not get: the first outcome when it arrived (never a
 * second vend), else the purchase made now under the original id.
 */
async function retry(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  purchaseId: string,
  req: PurchaseRequest,
) {
  sameClient(call, req.client.id);
  const msg = await findMessage(deps.database.db, call.vendor.vendorId, purchaseId);
  if (!msg)
    return sellUnder(deps, vending, call, purchaseId, { ...req, id: purchaseId }).catch(async (err) => {
      // A retry racing its own original: the original won, so answer what it sold.
      const again = await findMessage(deps.database.db, call.vendor.vendorId, purchaseId);
      if (again?.kind === 'purchase') return storedAnswer(deps, vending, again, purchaseId);
      throw err;
    });
  if (msg.kind !== 'purchase') throw channelError('UNABLE_TO_LOCATE_RECORD', 'No such purchase', 404);
  if (msg.state === 'reversed') throw channelError('TRANSACTION_DECLINED', 'Purchase reversed');
  return storedAnswer(deps, vending, msg, purchaseId);
}

const adviceAnswer = (
  deps: Deps,
  advice:
    | z.infer<typeof ConfirmationAdvice>
    | z.infer<typeof ReversalAdvice>
    | z.infer<typeof KeyChangeConfirmation>,
) => ({
  id: advice.id,
  requestId: advice.requestId,
  time: deps.clock.now().toISOString(),
  thirdPartyIdentifiers: advice.thirdPartyIdentifiers,
});

/**
 * The sale an advice names: the purchase under its id, else (a sale made over another channel) the one
 * whose receipt number our answer gave among the identifiers the advice repeats.
 */
export const adviceSale = (purchaseId: string, advice: Pick<TransactionFields, 'thirdPartyIdentifiers'>) => ({
  messageId: purchaseId,
  receiptNo: ourReceipt(advice.thirdPartyIdentifiers),
});

/** The sale a reprint names: by its id or receipt number, else this vendor's last for the meter. */
export const reprintSale = (db: Queryable, vendorId: string, req: z.infer<typeof TokenReprintRequest>) =>
  req.originalRef
    ? findPurchase(db, vendorId, { messageId: req.originalRef, receiptNo: receiptNumber(req.originalRef) })
    : lastPurchase(db, vendorId, req.meter.meterId);

/** A confirmation advice (see confirmSale). */
async function confirm(
  deps: Deps,
  call: ChannelCall,
  purchaseId: string,
  confirmationId: string,
  advice: z.infer<typeof ConfirmationAdvice>,
) {
  samePathId(confirmationId, advice.id);
  samePathId(purchaseId, advice.requestId);
  await confirmSale(deps, call, adviceSale(purchaseId, advice), confirmationId);
  return adviceAnswer(deps, advice);
}

/** A reversal advice (see reverseSale). */
async function reverse(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  purchaseId: string,
  reversalId: string,
  advice: z.infer<typeof ReversalAdvice>,
) {
  samePathId(reversalId, advice.id);
  samePathId(purchaseId, advice.requestId);
  const purchase = adviceSale(purchaseId, advice);
  await reverseSale(deps, vending, call, { purchase, reversalId, reason: advice.reversalReason });
  return adviceAnswer(deps, advice);
}

/**
 * The token of one of this vendor's purchases over any of its channels (by its id or receipt number), else
 * the last it bought for the meter, made from the sale's record.
 */
async function reprint(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: z.infer<typeof TokenReprintRequest>,
) {
  samePathId(id, req.id);
  sameClient(call, req.client.id);
  const msg = await reprintSale(deps.database.db, call.vendor.vendorId, req);
  if (msg?.kind !== 'purchase' || msg.meterId.toLowerCase() !== req.meter.meterId.toLowerCase()) {
    throw channelError('UNABLE_TO_LOCATE_RECORD', 'No such purchase');
  }
  if (msg.state === 'reversed') throw channelError('TRANSACTION_DECLINED', 'Purchase reversed');
  const answer = await recordAnswer(deps, vending, msg, id, () => echoOf(req));
  return { ...answer, ...answerOf(id, echoOf(req), deps.clock.now(), answer.tokens?.[0]?.receiptNum) };
}

const keyToken = (token: string, receiptNum: string, currency = '000') => ({
  tokenType: 'KC' as const,
  units: 0,
  amount: { amount: 0, currency },
  receiptNum,
  token: token.replaceAll(' ', ''),
});

/** Key change tokens for a meter whose new key is set (Update Meter Key); the meter takes them in order. */
async function keyChange(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: z.infer<typeof KeyChangeTokenRequest>,
) {
  samePathId(id, req.id);
  sameClient(call, req.client.id);
  if (await findMessage(deps.database.db, call.vendor.vendorId, id))
    throw channelError('DUPLICATE_RECORD', 'Duplicate id');
  const m = await sellableMeter(vending, call, req.meter.meterId);
  const record = await vending.keyChange(m.caller.ctx, m.vendable.meter.meterId).catch(asChannelError);
  await insertMessage(deps.database.db, {
    vendorId: call.vendor.vendorId,
    messageId: id,
    kind: 'keyChange',
    meterId: record.meterId,
    detail: { receiptId: record.receiptId, stationId: m.stationId },
    now: deps.clock.now(),
  }).catch(asChannelError);
  const receipt = String(record.receiptId);
  return {
    ...answerOf(id, echoOf(req), deps.clock.now(), receipt),
    meter: req.meter,
    tokens: record.tokens.map((t) => keyToken(t, receipt)),
  };
}

/** The meter took the key change: its new key becomes current. Repeated, it is acknowledged again. */
async function confirmKeyChange(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  requestId: string,
  confirmationId: string,
  advice: z.infer<typeof KeyChangeConfirmation>,
) {
  samePathId(confirmationId, advice.id);
  samePathId(requestId, advice.requestId);
  const msg = await adviceTarget(deps.database.db, call, { messageId: requestId }, 'keyChange');
  if (msg.state === 'confirmed') return adviceAnswer(deps, advice);
  const d = msg.detail as { receiptId: number; stationId: string };
  const caller = callerIn(call.vendor, d.stationId, call.ipAddress);
  await vending.confirmKeyChange(caller.ctx, d.receiptId).catch(asChannelError);
  await updateMessage(deps.database.db, msg.id, { state: 'confirmed', confirmationId }, deps.clock.now());
  return adviceAnswer(deps, advice);
}

/** A fault a customer reported at the vendor's counter, kept (and audited) for the utility's field team. */
async function faultReport(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  id: string,
  req: z.infer<typeof FaultReportRequest>,
) {
  samePathId(id, req.id);
  sameClient(call, req.client.id);
  const m = await sellableMeter(vending, call, req.meter.meterId);
  const now = deps.clock.now();
  const msg = await deps.database.db
    .transaction(async (tx) => {
      const row = await insertMessage(tx, {
        vendorId: call.vendor.vendorId,
        messageId: id,
        kind: 'faultReport',
        meterId: m.vendable.meter.meterId,
        detail: {
          faultType: req.faultType,
          faultDescription: req.faultDescription ?? null,
          contactNumber: req.contactNumber,
        },
        now,
      });
      await writeAudit(tx, m.caller.ctx.actor, {
        title: 'Fault Report',
        action: 'Create',
        after: {
          meterId: row.meterId,
          faultType: req.faultType,
          faultDescription: req.faultDescription ?? null,
        },
      });
      return row;
    })
    .catch(asChannelError);
  const reference = `FR${msg.id}`;
  return {
    ...answerOf(id, echoOf(req), now, reference),
    reference,
    description: `Fault ${req.faultType} on meter ${msg.meterId} logged`.slice(0, 160),
  };
}

/** The purchase notification is informational: acknowledged for this vendor's own purchases. */
async function notifyPurchase(deps: Deps, call: ChannelCall, purchaseId: string) {
  const msg = await findMessage(deps.database.db, call.vendor.vendorId, purchaseId);
  if (msg?.kind !== 'purchase') throw channelError('UNABLE_TO_LOCATE_RECORD', 'No such purchase', 404);
}

export function createPrepaidUtilityService(deps: Deps, vending: ChannelVending) {
  return {
    lookup: (c: ChannelCall, id: string, r: z.infer<typeof MeterLookupRequest>) =>
      lookup(deps, vending, c, id, r),
    trial: (c: ChannelCall, id: string, r: PurchaseRequest) => trial(deps, vending, c, id, r),
    purchase: (c: ChannelCall, id: string, r: PurchaseRequest) => purchase(deps, vending, c, id, r),
    retry: (c: ChannelCall, id: string, r: PurchaseRequest) => retry(deps, vending, c, id, r),
    confirm: (c: ChannelCall, id: string, adviceId: string, a: z.infer<typeof ConfirmationAdvice>) =>
      confirm(deps, c, id, adviceId, a),
    reverse: (c: ChannelCall, id: string, adviceId: string, a: z.infer<typeof ReversalAdvice>) =>
      reverse(deps, vending, c, id, adviceId, a),
    reprint: (c: ChannelCall, id: string, r: z.infer<typeof TokenReprintRequest>) =>
      reprint(deps, vending, c, id, r),
    keyChange: (c: ChannelCall, id: string, r: z.infer<typeof KeyChangeTokenRequest>) =>
      keyChange(deps, vending, c, id, r),
    confirmKeyChange: (
      c: ChannelCall,
      id: string,
      adviceId: string,
      a: z.infer<typeof KeyChangeConfirmation>,
    ) => confirmKeyChange(deps, vending, c, id, adviceId, a),
    faultReport: (c: ChannelCall, id: string, r: z.infer<typeof FaultReportRequest>) =>
      faultReport(deps, vending, c, id, r),
    notifyPurchase: (c: ChannelCall, purchaseId: string) => notifyPurchase(deps, c, purchaseId),
    sales: (c: ChannelCall, q: VendorSalesQuery) => ownSales(deps, c, q),
  };
}
export type PrepaidUtilityService = ReturnType<typeof createPrepaidUtilityService>;
export type { ChannelCall, ChannelCaller, ChannelTokenRecord };

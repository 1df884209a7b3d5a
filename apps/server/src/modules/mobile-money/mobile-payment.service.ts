import type { MobilePaymentReadRequest, MobilePaymentResolveRequest } from '@prepay/contracts';

type ResolveRequest = z.output<typeof MobilePaymentResolveRequest>;

import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { notFound, present, refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import type { SmsOutbox } from '../sms/index.js';
import type { ChannelVending } from '../vending/index.js';
import {
  type ChannelCall,
  ChannelError,
  findVendor,
  sellableMeter,
  type VendorRecord,
} from '../vendor/index.js';
import { C2B, type C2bAnswer, type C2bCallback } from './c2b.models.js';
import {
  findPayment,
  insertPayment,
  lockPayment,
  type MobilePayment,
  paymentById,
  paymentRow,
  readPayments,
  toPaymentRow,
  updatePayment,
} from './mobile-payment.repo.js';
import { amountMinorOf, sellPayment } from './mobile-payment.sale.js';

/** A masked number still names a payer (validation must not refuse M-Pesa's own masking). */
const MSISDN = /^[0-9*]{9,15}$/;

/**
 * M-Pesa asks before it takes the customer's money (when the paybill has external validation): the
 * account must be a meter this vendor sells for, the amount whole and within bounds, and the float able
 * to cover it. Nothing is written; the answer is one of Daraja's C2B result codes.
 */
async function validate(
  deps: Deps,
  vending: ChannelVending,
  call: ChannelCall,
  b: C2bCallback,
): Promise<C2bAnswer> {
  if (b.BusinessShortCode !== call.vendor.shortCode) return C2B.invalidShortcode;
  if (!MSISDN.test(b.MSISDN)) return C2B.invalidMsisdn;
  const amountMinor = amountMinorOf(deps, b.TransAmount);
  if (amountMinor === null) return C2B.invalidAmount;
  try {
    await sellableMeter(vending, call, b.BillRefNumber);
  } catch (err) {
    if (err instanceof ChannelError) return C2B.invalidAccount;
    throw err;
  }
  const { balanceMinor, creditLimitMinor } = call.vendor;
  return amountMinor > balanceMinor + creditLimitMinor ? C2B.other : C2B.accepted;
}

const payerName = (b: C2bCallback) =>
  [b.FirstName, b.MiddleName, b.LastName].filter((n) => n?.trim()).join(' ') || null;

/** The money in minor units as received (whole units expected; anything else is kept, and queued). */
const receivedMinor = (amount: string) =>
  /^\d{1,9}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : 0;

/**
 * M-Pesa took the customer's money: record the payment once per receipt number, then sell it to the
 * meter its account names and send the token to the payer; what cannot be sold waits for an operator.
 * A repeated confirmation of a payment already sold or queued changes nothing.
 */
async function confirm(
  deps: Deps,
  parts: { vending: ChannelVending; outbox: SmsOutbox },
  call: ChannelCall,
  b: C2bCallback,
) {
  const { db } = deps.database;
  const now = deps.clock.now();
  const inserted = await insertPayment(db, {
    vendorId: call.vendor.vendorId,
    transId: b.TransID,
    transType: b.TransactionType ?? null,
    transTime: b.TransTime ?? null,
    amountMinor: receivedMinor(b.TransAmount),
    shortCode: b.BusinessShortCode,
    billRef: b.BillRefNumber,
    msisdn: b.MSISDN,
    payerName: payerName(b),
    state: 'received',
    detail: {
      transAmount: b.TransAmount,
      invoiceNumber: b.InvoiceNumber ?? null,
      orgAccountBalance: b.OrgAccountBalance ?? null,
      thirdPartyTransId: b.ThirdPartyTransID ?? null,
    },
    createDate: now,
  });
  // A delivery of a payment that a crash left half-done is finished; any other repeat is acknowledged.
  const payment = inserted ?? (await findPayment(db, call.vendor.vendorId, b.TransID));
  if (payment?.state !== 'received') return;
  await sellPayment({ deps, ...parts }, call, payment, payment.billRef);
}

/** An operator may resolve the payments of vendors that sell for its station. */
function mayResolve(user: SessionUser, vendor: VendorRecord | undefined): VendorRecord {
  if (!vendor || (!user.isSystemAdmin && !vendor.stationIds.includes(user.stationId)))
    throw notFound('Payment');
  return vendor;
}

async function refund(deps: Deps, ctx: UserContext, payment: MobilePayment, remark: string) {
  return deps.database.db.transaction(async (tx) => {
    const current = present(await lockPayment(tx, payment.id), 'the payment');
    if (current.state !== 'queued') throw refuse('Only a queued payment can be resolved');
    const now = deps.clock.now();
    const after = await updatePayment(
      tx,
      payment.id,
      { state: 'refunded', resolvedBy: ctx.user.userId, resolvedDate: now, resolution: remark },
      now,
    );
    await writeAudit(tx, ctx.actor, {
      title: 'Mobile Payment',
      action: 'Refund',
      content: remark,
      before: toPaymentRow(current),
      after: toPaymentRow(after),
    });
  });
}

/**
 * An operator resolves a queued payment with its authorization password: refunded (recorded here; the
 * money goes back through the operator's own M-Pesa reversal) or assigned to a meter and sold now.
 */
async function resolve(
  deps: Deps,
  parts: { vending: ChannelVending; outbox: SmsOutbox; check: AuthorizationPasswordCheck },
  ctx: UserContext,
  req: ResolveRequest,
) {
  await parts.check(ctx.user.userId, req.authorizationPassword);
  const { db } = deps.database;
  const payment = await paymentById(db, req.id);
  if (!payment) throw notFound('Payment');
  const vendor = mayResolve(ctx.user, await findVendor(db, payment.vendorId));
  if (payment.state !== 'queued') throw refuse('Only a queued payment can be resolved');
  if (req.action === 'refund') await refund(deps, ctx, payment, req.remark);
  else {
    const call = { vendor, ipAddress: ctx.actor.ipAddress };
    await sellPayment({ deps, ...parts }, call, payment, req.meterId ?? '', { ctx, remark: req.remark });
  }
  return present(await paymentRow(db, payment.id), 'the payment');
}

export function createMobileMoneyService(
  deps: Deps,
  parts: { vending: ChannelVending; outbox: SmsOutbox; check: AuthorizationPasswordCheck },
) {
  return {
    validate: (call: ChannelCall, b: C2bCallback) => validate(deps, parts.vending, call, b),
    confirm: (call: ChannelCall, b: C2bCallback) => confirm(deps, parts, call, b),
    resolve: (ctx: UserContext, req: ResolveRequest) => resolve(deps, parts, ctx, req),
    read: (req: MobilePaymentReadRequest, user: SessionUser) => readPayments(deps.database.db, req, user),
  };
}
export type MobileMoneyService = ReturnType<typeof createMobileMoneyService>;

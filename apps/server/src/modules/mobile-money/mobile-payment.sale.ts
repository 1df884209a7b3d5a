import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { minorToString, tenthsToNumber } from '../../kernel/money.js';
import { DomainError, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { SmsOutbox } from '../sms/index.js';
import type { ChannelTokenRecord, ChannelVending } from '../vending/index.js';
import {
  type ChannelCall,
  ChannelError,
  callerIn,
  sellableMeter,
  sellWithFloat,
  uniqueState,
} from '../vendor/index.js';
import {
  lockPayment,
  type MobilePayment,
  type MobilePaymentQueueReason,
  toPaymentRow,
  updatePayment,
} from './mobile-payment.repo.js';

/** The channel's refusals, as the reason a payment waits for an operator. */
const REASONS: Record<string, MobilePaymentQueueReason> = {
  UNKNOWN_METER_ID: 'unknownMeter',
  METER_ID_BLOCKED: 'blockedMeter',
  AMOUNT_TOO_LOW: 'amountOutOfRange',
  INSUFFICIENT_FUNDS: 'floatExhausted',
  LIMIT_EXCEEDED: 'floatExhausted',
};

/** An operator's assignment refused, in words of the reason. */
const NOT_SOLD: Record<MobilePaymentQueueReason, string> = {
  unknownMeter: 'The payment cannot be sold: the meter is unknown to this vendor',
  blockedMeter: 'The payment cannot be sold: the meter has no account or tariff',
  amountOutOfRange: 'The payment cannot be sold: its amount is out of range',
  floatExhausted: "The payment cannot be sold: the vendor's float cannot cover it",
  declined: 'The payment cannot be sold: the vend was declined',
};

/** Why a sale could not be made, or null for a failure that is not the payment's (the database, a bug). */
function queueReasonOf(err: unknown): MobilePaymentQueueReason | null {
  if (err instanceof ChannelError) return REASONS[err.errorType] ?? 'declined';
  if (err instanceof DomainError && err.kind === 'refused') return 'declined';
  return null;
}

/** A payer's number the SMSC can reach: digits only (Daraja masks some, e.g. 25470****149). */
export const reachable = (msisdn: string) => /^\d{9,15}$/.test(msisdn);

/** Whole currency units within the configured bounds, in minor units; null otherwise. */
export function amountMinorOf(deps: Deps, amount: string): number | null {
  if (!/^\d{1,9}(\.0{1,2})?$/.test(amount)) return null;
  const whole = Number.parseInt(amount, 10);
  const { minAmount, maxAmount } = deps.config.mobileMoney;
  return whole >= minAmount && whole <= maxAmount ? whole * 100 : null;
}

/** An operator resolving the payment (assign), or none (the payment's own arrival). */
export interface Resolver {
  ctx: UserContext;
  remark: string;
}

interface SaleParts {
  deps: Deps;
  vending: ChannelVending;
  outbox: SmsOutbox;
}

/** The payment marked sold, the token queued for the payer's phone and the sale audited: in the sale's transaction. */
async function recordSale(
  p: SaleParts,
  call: ChannelCall,
  tx: Tx,
  sale: { payment: MobilePayment; row: ChannelTokenRecord },
  by?: Resolver,
) {
  const { payment, row } = sale;
  const now = p.deps.clock.now();
  const current = await lockPayment(tx, payment.id);
  if (current?.state !== payment.state) throw refuse('The payment was resolved meanwhile');
  const resolved = by ? { resolvedBy: by.ctx.user.userId, resolvedDate: now, resolution: by.remark } : {};
  const after = await updatePayment(
    tx,
    payment.id,
    { state: by ? 'assigned' : 'vended', meterId: row.meterId, tokenRecordId: row.id, ...resolved },
    now,
  );
  if (reachable(payment.msisdn)) {
    await p.outbox.queueToken(tx, {
      destination: payment.msisdn,
      meterId: row.meterId,
      tokenRecordId: row.id,
      token: row.token ?? '',
      units: String(tenthsToNumber(row.units ?? 0)),
      amount: minorToString(row.totalPaidMinor ?? payment.amountMinor),
      receiptId: row.receiptId,
    });
  }
  const actor = by?.ctx.actor ?? callerIn(call.vendor, row.stationId, call.ipAddress).ctx.actor;
  await writeAudit(tx, actor, {
    title: 'Mobile Payment',
    action: by ? 'Assign' : 'Vend',
    before: toPaymentRow(current),
    after: toPaymentRow(after, row.receiptId),
  });
}

async function queue(
  deps: Deps,
  call: ChannelCall,
  payment: MobilePayment,
  reason: MobilePaymentQueueReason,
) {
  await deps.database.db.transaction(async (tx) => {
    const after = await updatePayment(
      tx,
      payment.id,
      { state: 'queued', queueReason: reason },
      deps.clock.now(),
    );
    await writeAudit(tx, callerIn(call.vendor, '', call.ipAddress).ctx.actor, {
      title: 'Mobile Payment',
      action: 'Queue',
      before: toPaymentRow(payment),
      after: toPaymentRow(after),
    });
  });
}

/** A station user assigns only to its own station's meters. */
function assertStation(by: Resolver | undefined, stationId: string) {
  if (by && !by.ctx.user.isSystemAdmin && by.ctx.user.stationId !== stationId)
    throw refuse('The meter is not in your station');
}

/**
 * Sells a payment to a meter through the vendor's sale pipeline (its float, its ledger, its message id =
 * the receipt number, so a payment never sells twice). On its arrival a payment that cannot be sold is
 * queued for an operator; an operator's assignment that cannot be sold is refused and stays queued.
 */
export async function sellPayment(
  p: SaleParts,
  call: ChannelCall,
  payment: MobilePayment,
  meterId: string,
  by?: Resolver,
): Promise<void> {
  try {
    if (amountMinorOf(p.deps, minorToString(payment.amountMinor)) === null)
      throw new ChannelError('AMOUNT_TOO_LOW', 'Amount out of range');
    const m = await sellableMeter(p.vending, call, meterId);
    assertStation(by, m.stationId);
    const purchase = {
      messageId: payment.transId,
      meterId: m.vendable.meter.meterId,
      amountMinor: payment.amountMinor,
      detail: { channel: 'mobileMoney', shortCode: payment.shortCode, transId: payment.transId },
    };
    await sellWithFloat(p.deps, p.vending, m.caller, purchase, (tx, row) =>
      recordSale(p, call, tx, { payment, row }, by),
    );
    p.outbox.wake();
  } catch (err) {
    // The same receipt sold by a concurrent delivery of it: that one recorded the sale.
    if (!by && uniqueState(err)) return;
    const reason = queueReasonOf(err);
    if (!reason) throw err;
    if (by) throw err instanceof ChannelError ? refuse(NOT_SOLD[reason]) : err;
    await queue(p.deps, call, payment, reason);
  }
}

import type { Queryable, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { minorToString } from '../../kernel/money.js';
import { localDay } from '../../lib/dates.js';
import { DomainError } from '../../lib/domain-errors.js';
import type {
  ChannelMeterContext,
  ChannelSaleHooks,
  ChannelTokenRecord,
  ChannelVending,
} from '../vending/index.js';
import type { ChannelCaller } from './channel-caller.js';
import { channelError } from './ppu.errors.js';
import { findVendor, keepAnswer, recordSale, type SaleRecorded, soldOn } from './vendor.repo.js';

/** The float a sale left: what an answer may tell the vendor it still has. */
export type FloatLeft = Pick<SaleRecorded, 'balanceMinor' | 'creditLimitMinor'>;

/**
 * Why the vendor may not make a sale, if it may not: disabled, the float past its credit limit, or the
 * day's sales past the daily limit (days in the utility's zone).
 */
async function refusal(deps: Deps, q: Queryable, vendorId: string, amountMinor: number) {
  const v = await findVendor(q, vendorId);
  if (!v?.enabled) return channelError('INVALID_MERCHANT', 'Vendor disabled');
  if (v.balanceMinor - amountMinor < -v.creditLimitMinor) {
    return channelError('INSUFFICIENT_FUNDS', 'Float exhausted', 400, {
      availableAmount: v.balanceMinor + v.creditLimitMinor,
    });
  }
  const sold = soldOn(v, localDay(deps.clock.now()));
  if (v.dailyLimitMinor !== null && sold + amountMinor > v.dailyLimitMinor)
    return channelError('LIMIT_EXCEEDED', 'Daily limit reached');
  return undefined;
}

/** What a purchase stores beside its token record: who sent it and what its answer echoes. */
export interface PurchaseMessage {
  messageId: string;
  meterId: string;
  amountMinor: number;
  /** The request's parties and currency, which a retry or reprint answers again. */
  detail: Record<string, unknown>;
  /**
   * The answer as the channel sends it, made inside the sale's transaction from the record and the float it
   * left, and kept in the message so that asking again returns exactly the first answer.
   */
  answer?: (record: ChannelTokenRecord, after: FloatLeft) => Record<string, unknown>;
  /** The meter's context the caller already read (the meter's check), which the sale prices with. */
  context?: ChannelMeterContext;
}

/** What a channel writes beside the sale, in its transaction (a payment's state, an SMS for the payer). */
export type AlsoInSale = (tx: Tx, record: ChannelTokenRecord) => Promise<void>;

/** What the vending pipeline sells for a purchase message. */
const saleOf = (caller: ChannelCaller, p: PurchaseMessage) => ({
  meterId: p.meterId,
  amount: minorToString(p.amountMinor),
  messageId: p.messageId,
  paymentMethod: `Channel ${caller.vendor.vendorId}`,
});

/**
 * A sale that keeps nothing but its own rows (no answer made from the float it left, nothing else written
 * beside it) goes the console vend's way: the vend, the float debit, the ledger row and the message in
 * one autocommitted statement, all or nothing. A re-used id fails that statement on the message's unique
 * key, so nothing is written.
 */
function sellAtOnce(deps: Deps, vending: ChannelVending, caller: ChannelCaller, p: PurchaseMessage) {
  const vendorId = caller.vendor.vendorId;
  return vending.sellAtOnce(caller.ctx, {
    sale: saleOf(caller, p),
    rows: {
      vendorId,
      messageId: p.messageId,
      amountMinor: p.amountMinor,
      state: 'issued',
      detail: p.detail,
      day: localDay(deps.clock.now()),
    },
    refused: async () =>
      (await refusal(deps, deps.database.db, vendorId, p.amountMinor)) ??
      channelError('TRANSACTION_DECLINED', 'Vend declined'),
    context: p.context,
  });
}

/**
 * Sells through the vending pipeline with the float debit, the ledger row and the channel message in the
 * vend's own transaction (or its one statement, `sellAtOnce`). A re-used id fails on the message's unique
 * key and rolls everything back.
 */
export async function sellWithFloat(
  deps: Deps,
  vending: ChannelVending,
  caller: ChannelCaller,
  p: PurchaseMessage,
  also?: AlsoInSale,
): Promise<ChannelTokenRecord> {
  const ctx = caller.ctx;
  const sold =
    p.answer || also
      ? vending.sell(ctx, saleOf(caller, p), inTransaction(deps, caller, p, also))
      : sellAtOnce(deps, vending, caller, p);
  return sold.catch(async (err) => {
    // A vend the pipeline refused (a tiny amount, a key) is refused for the float's reason first, as the
    // vendor would be told before any vend.
    if (!(err instanceof DomainError && err.kind === 'refused')) throw err;
    throw (await refusal(deps, deps.database.db, caller.vendor.vendorId, p.amountMinor)) ?? err;
  });
}

/** The channel's rows written after the vend in its transaction: the float, the answer, the rest. */
function inTransaction(
  deps: Deps,
  caller: ChannelCaller,
  p: PurchaseMessage,
  also?: AlsoInSale,
): ChannelSaleHooks {
  const ctx = caller.ctx;
  return {
    // The float is checked and debited by the sale's last statement, so its row is locked only from
    // there to the commit.
    before: async () => {},
    after: async (tx, row) => {
      const now = deps.clock.now();
      const sold = await recordSale(tx, {
        vendorId: caller.vendor.vendorId,
        messageId: p.messageId,
        kind: 'purchase',
        meterId: row.meterId,
        tokenRecordId: row.id,
        amountMinor: p.amountMinor,
        state: 'issued',
        detail: p.detail,
        createId: ctx.user.userId,
        now,
      });
      if (!sold)
        throw (
          (await refusal(deps, tx, caller.vendor.vendorId, p.amountMinor)) ??
          channelError('TRANSACTION_DECLINED', 'Vend declined')
        );
      if (p.answer) await keepAnswer(tx, sold.id, p.answer(row, sold));
      await also?.(tx, row);
    },
  };
}

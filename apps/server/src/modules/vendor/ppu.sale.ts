import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { minorToString } from '../../kernel/money.js';
import type { ChannelTokenRecord, ChannelVending } from '../vending/index.js';
import type { ChannelCaller } from './channel-caller.js';
import { channelError } from './ppu.errors.js';
import { insertMessage, lockVendor, moveFloat, salesSince, type VendorRecord } from './vendor.repo.js';

/** A vendor's commission on a sale: its rate in basis points, rounded half up to the minor unit. */
export const commissionOf = (amountMinor: number, bp: number) =>
  Math.floor((amountMinor * bp + 5000) / 10000);

const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The float's rules, checked on the vendor's locked row so that concurrent sales take turns: the sale may
 * take the float down to minus the credit limit and no further, and the day's sales stay within the daily
 * limit.
 */
async function holdFloat(deps: Deps, tx: Tx, vendorId: string, amountMinor: number): Promise<VendorRecord> {
  const v = await lockVendor(tx, vendorId);
  if (!v?.enabled) throw channelError('INVALID_MERCHANT', 'Vendor disabled');
  if (v.balanceMinor - amountMinor < -v.creditLimitMinor) {
    throw channelError('INSUFFICIENT_FUNDS', 'Float exhausted', 400, {
      availableAmount: v.balanceMinor + v.creditLimitMinor,
    });
  }
  if (v.dailyLimitMinor !== null) {
    const now = deps.clock.now();
    const sold = await salesSince(tx, vendorId, dayStart(now), new Date(now.getTime() + 1));
    if (sold + amountMinor > v.dailyLimitMinor) throw channelError('LIMIT_EXCEEDED', 'Daily limit reached');
  }
  return v;
}

/** What a purchase stores beside its token record: who sent it and what its answer echoes. */
export interface PurchaseMessage {
  messageId: string;
  meterId: string;
  amountMinor: number;
  /** The request's parties and currency, which a retry or reprint answers again. */
  detail: Record<string, unknown>;
}

/** What a channel writes beside the sale, in its transaction (a payment's state, an SMS for the payer). */
export type AlsoInSale = (tx: Tx, record: ChannelTokenRecord) => Promise<void>;

/**
 * Sells through the vending pipeline with the float debit, the ledger row and the channel message in the
 * vend's own transaction. A re-used id fails on the message's unique key and rolls everything back.
 */
export async function sellWithFloat(
  deps: Deps,
  vending: ChannelVending,
  caller: ChannelCaller,
  p: PurchaseMessage,
  also?: AlsoInSale,
): Promise<ChannelTokenRecord> {
  let vendor: VendorRecord | undefined;
  const ctx = caller.ctx;
  return vending.sell(
    ctx,
    {
      meterId: p.meterId,
      amount: minorToString(p.amountMinor),
      messageId: p.messageId,
      paymentMethod: `Channel ${caller.vendor.vendorId}`,
    },
    {
      before: async (tx) => {
        vendor = await holdFloat(deps, tx, caller.vendor.vendorId, p.amountMinor);
      },
      after: async (tx, row) => {
        const now = deps.clock.now();
        const commissionMinor = commissionOf(p.amountMinor, vendor?.commissionBp ?? 0);
        await insertMessage(tx, {
          vendorId: caller.vendor.vendorId,
          messageId: p.messageId,
          kind: 'purchase',
          meterId: row.meterId,
          tokenRecordId: row.id,
          amountMinor: p.amountMinor,
          state: 'issued',
          detail: { ...p.detail, commissionMinor },
          now,
        });
        await moveFloat(tx, {
          vendorId: caller.vendor.vendorId,
          kind: 'sale',
          amountMinor: -p.amountMinor,
          commissionMinor,
          messageId: p.messageId,
          tokenRecordId: row.id,
          createId: ctx.user.userId,
          now,
        });
        await also?.(tx, row);
      },
    },
  );
}

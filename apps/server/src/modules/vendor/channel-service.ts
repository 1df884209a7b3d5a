import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../lib/domain-errors.js';
import type { ChannelVending } from '../vending/index.js';
import { callerIn } from './channel-caller.js';
import { channelError } from './ppu.errors.js';
import {
  findPurchase,
  lockVendor,
  moveFloat,
  type SaleRef,
  updateMessage,
  type VendorRecord,
} from './vendor.repo.js';

/**
 * The steps every channel shares once its message is read (REST or SOAP): the meter as a vendor may sell
 * to it, the vend pipeline's refusals in channel terms, and the advices that make a sale final or undo it.
 * Each channel maps the ChannelError these throw to its own wire (an ErrorDetail, a SOAP fault).
 */

/** Who calls: the authenticated vendor and the client's address (for the audit). */
export interface ChannelCall {
  vendor: VendorRecord;
  ipAddress: string | null;
}

/**
 * The meter as this vendor may sell to it: unknown (or in a station the vendor does not sell for, which it
 * is not told apart), blocked (no account or tariff), or sellable with the caller placed in its station.
 */
export async function sellableMeter(vending: ChannelVending, call: ChannelCall, meterId: string) {
  const probe = callerIn(call.vendor, '', call.ipAddress);
  const m = await vending.meterForSale(probe.ctx, meterId);
  if (m.state === 'unknown' || !call.vendor.stationIds.includes(m.stationId)) {
    throw channelError('UNKNOWN_METER_ID', 'Unknown meter');
  }
  if (m.state === 'unsellable') throw channelError('METER_ID_BLOCKED', 'Meter blocked');
  return { ...m, caller: callerIn(call.vendor, m.stationId, call.ipAddress) };
}

export function uniqueState(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Refusals of the vend pipeline (a key, a TID, a busy meter) in the interface's words. */
export function asChannelError(err: unknown): never {
  if (err instanceof DomainError && err.kind === 'refused')
    throw channelError('TRANSACTION_DECLINED', 'Vend declined', 400, { reason: err.reason });
  if (uniqueState(err)) throw channelError('DUPLICATE_RECORD', 'Duplicate id');
  throw err;
}

/**
 * The request an advice is about, this vendor's own (a purchase over any of its channels), locked for the
 * advice's transaction.
 */
export async function adviceTarget(q: Queryable, call: ChannelCall, ref: SaleRef, kind = 'purchase') {
  const msg = await findPurchase(q, call.vendor.vendorId, ref, true);
  if (!msg || msg.kind !== kind) throw channelError('UNABLE_TO_LOCATE_RECORD', 'No such request', 404);
  return msg;
}

/** A confirmation makes a purchase final; repeated, it is acknowledged again (advices are sent until final). */
export async function confirmSale(deps: Deps, call: ChannelCall, purchase: SaleRef, confirmationId: string) {
  await deps.database.db.transaction(async (tx) => {
    const msg = await adviceTarget(tx, call, purchase);
    if (msg.state === 'reversed') throw channelError('TRANSACTION_DECLINED', 'Purchase reversed');
    if (msg.state === 'confirmed') return;
    await updateMessage(tx, msg.id, { state: 'confirmed', confirmationId }, deps.clock.now());
  });
}

/** Which reversal undoes which purchase, and why (the ledger row's remark). */
export interface SaleReversal {
  purchase: SaleRef;
  reversalId: string;
  reason?: string | null;
}

/**
 * A reversal cancels the vend and gives the money back to the float, all in one transaction, while the
 * purchase is not confirmed and its token is not known to be used; otherwise it is refused for good.
 * Repeated, it is acknowledged again.
 */
export async function reverseSale(deps: Deps, vending: ChannelVending, call: ChannelCall, r: SaleReversal) {
  await deps.database.db.transaction(async (tx) => {
    const msg = await adviceTarget(tx, call, r.purchase);
    if (msg.state === 'reversed') return;
    if (msg.state === 'confirmed') throw channelError('TRANSACTION_DECLINED', 'Purchase confirmed');
    const record = await vending.record(msg.tokenRecordId ?? 0, tx);
    const caller = callerIn(call.vendor, record?.stationId ?? '', call.ipAddress);
    const now = deps.clock.now();
    const outcome = await vending.reverse(tx, caller.ctx, msg.tokenRecordId ?? 0, now);
    if (outcome === 'used') throw channelError('TRANSACTION_DECLINED', 'Token already used');
    await lockVendor(tx, call.vendor.vendorId);
    await moveFloat(tx, {
      vendorId: call.vendor.vendorId,
      kind: 'reversal',
      amountMinor: msg.amountMinor ?? 0,
      commissionMinor: -Number((msg.detail as { commissionMinor?: number }).commissionMinor ?? 0),
      messageId: msg.messageId,
      tokenRecordId: msg.tokenRecordId,
      remark: r.reason ?? null,
      createId: caller.ctx.user.userId,
      now,
    });
    await updateMessage(tx, msg.id, { state: 'reversed', reversalId: r.reversalId }, now);
  });
}

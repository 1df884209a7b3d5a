import type { Queryable, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { present } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import {
  type ChannelSaleRows,
  type ChannelSaleWritten,
  recordById,
  tokenKnownUsed,
  writeChannelSale,
} from './channel-sale.repo.js';
import { attemptCreditVend, type Request } from './credit.service.js';
import { cancelCreditRecord } from './credit-cancel.repo.js';
import { creditRecord, NOT_ISSUED } from './credit-record.js';
import { type CreditVendWrite, writeCreditVend } from './credit-vend.repo.js';
import { createManagementTokenService } from './management.service.js';
import { creditRecordOf } from './records.js';
import { vendInputs } from './vend-context.js';
import { priceVend } from './vend-price.js';
import { vendWriteQueueOf } from './vend-write-queue.js';
import { loadVendContext, type TokenRecordRow, type VendContext } from './vending.repo.js';
import { behindMeterLock, firstThenBehindLock, type TakingTurns, vendableOf } from './vending-guards.js';

/**
 * Sales made by a vendor's machine rather than a signed-in cashier: the same pricing, token and record as
 * a console vend (credit.service.ts), written in one transaction that the channel extends with its float
 * debit, so the sale and the debit land together or not at all.
 */

export type { ChannelSaleRows, TokenRecordRow as ChannelTokenRecord, VendContext as ChannelMeterContext };

/** What a channel sells: money's worth of credit for a meter, under the vendor's own message id. */
export interface ChannelSaleRequest {
  meterId: string;
  /** Decimal money, at most 2 places. */
  amount: string;
  messageId: string;
  paymentMethod: string;
}

/** What the channel adds to the sale's transaction: before the vend (its float), and after it (its ledger). */
export interface ChannelSaleHooks {
  before(tx: Tx): Promise<void>;
  after(tx: Tx, record: TokenRecordRow): Promise<void>;
}

const requestOf = (s: ChannelSaleRequest, isPreview: boolean): Request => ({
  meterId: s.meterId,
  isPreview,
  isVendByTotalPaid: true,
  amount: s.amount,
  payDebtPercent: 0,
  authorizationPassword: null,
  paymentMethod: s.paymentMethod,
  remark: null,
  idempotencyKey: s.messageId,
});

/** What a channel may know of a meter before selling: whether it exists, can be sold to, and its debt. */
async function meterForSale(deps: Deps, ctx: UserContext, meterId: string) {
  const c = await loadVendContext(deps.database.db, meterId, ctx.user.userId);
  if (!c) return { state: 'unknown' as const };
  if (!c.account || !c.customer || !c.tariff)
    return { state: 'unsellable' as const, stationId: c.meter.stationId };
  const v = vendableOf({ ...ctx, user: { ...ctx.user, stationId: c.meter.stationId } }, meterId, c);
  return {
    state: 'sellable' as const,
    /** What the sale may price with instead of reading it again (`sellAtOnce`). */
    context: c,
    stationId: c.meter.stationId,
    vendable: v,
    remainingDebtMinor: Number(c.remainingDebt ?? 0),
  };
}

/** The price of a sale as its record would hold it; nothing is written and no token is made. */
async function trialSale(deps: Deps, ctx: UserContext, s: ChannelSaleRequest): Promise<TokenRecordRow> {
  const now = deps.clock.now();
  const known = present(
    await loadVendContext(deps.database.db, s.meterId, ctx.user.userId),
    'the vend context',
  );
  const v = vendableOf(ctx, s.meterId, known);
  const { terms, inputs } = await vendInputs(deps.database.db, ctx.user.userId, v, now, known);
  const req = requestOf(s, true);
  const b = priceVend(req, terms, inputs);
  const record = creditRecord({ ctx, req, v, b, debt: inputs.debt, createDate: now }, NOT_ISSUED);
  return { ...record, id: 0, receiptId: 0 } as TokenRecordRow;
}

/** A sale that keeps losing races for its meter is given up after 10 tries, with the last conflict itself. */
const TURNS: TakingTurns = { attempts: 10, busy: (lastConflict) => lastConflict };

/** Sells inside one transaction: the meter's lock, the hooks' before, the vend, the hooks' after. */
async function sell(deps: Deps, ctx: UserContext, s: ChannelSaleRequest, hooks: ChannelSaleHooks) {
  const req = requestOf(s, false);
  return behindMeterLock(deps.database.db, s.meterId, TURNS, async (tx) => {
    const known = present(await loadVendContext(tx, s.meterId, ctx.user.userId), 'the vend context');
    const v = vendableOf(ctx, s.meterId, known);
    await hooks.before(tx);
    const row = await attemptCreditVend(deps, tx, (w) => writeCreditVend(tx, w), ctx, req, v, known);
    await hooks.after(tx, row);
    return row;
  });
}

/** A sale written at once, with the float it left. */
export type ChannelSold = TokenRecordRow & { floatLeft: ChannelSaleWritten };

/**
 * A sale on the console's path (credit.service.ts): the meter's context read once (or the one the caller
 * read), then one autocommitted statement that writes the vend and the channel's rows together (see
 * `writeChannelSale`). A float that refuses wrote nothing and throws what `refused` makes. A lost race
 * wrote nothing either; the sale then takes turns behind the meter's lock, as a console vend does.
 */
async function sellAtOnce(deps: Deps, ctx: UserContext, o: AtOnce): Promise<ChannelSold> {
  const req = requestOf(o.sale, false);
  const { db } = deps.database;
  let left: ChannelSaleWritten | undefined;
  // The first attempt goes through the group commit with the console's vends; behind the meter's lock
  // (a lost race) the sale is written alone in that transaction.
  const queue = vendWriteQueueOf(db);
  const writer = (q: Queryable) => async (w: CreditVendWrite) => {
    left = q === db ? await queue.sell(w, o.rows) : await writeChannelSale(q, w, o.rows);
    if (!left) throw await o.refused();
    return left;
  };
  const attempt = async (q: Queryable, known?: VendContext) => {
    const k = known ?? present(await loadVendContext(q, o.sale.meterId, ctx.user.userId), 'the vend context');
    const v = vendableOf(ctx, o.sale.meterId, k);
    const row = await attemptCreditVend(deps, q, writer(q), ctx, req, v, k);
    return { ...row, floatLeft: present(left, 'the float left') };
  };
  return firstThenBehindLock(
    db,
    o.sale.meterId,
    TURNS,
    () => attempt(db, o.context),
    (tx) => attempt(tx),
  );
}

/** A sale written at once: the sale, the channel's rows, why a refusing float refused, a context read. */
export interface AtOnce {
  sale: ChannelSaleRequest;
  rows: ChannelSaleRows;
  refused: () => Promise<Error>;
  context?: VendContext;
}

export type ReversalOutcome = 'cancelled' | 'alreadyCancelled' | 'used';

/**
 * Cancels a channel sale in the caller's transaction while its token is not known to be used (see
 * tokenKnownUsed); the caller restores the float in the same transaction.
 */
async function reverse(tx: Tx, ctx: UserContext, recordId: number, now: Date): Promise<ReversalOutcome> {
  const r = present(await recordById(tx, recordId, true), 'the sale record');
  if (r.status !== 0) return 'alreadyCancelled';
  if (await tokenKnownUsed(tx, r)) return 'used';
  const cancelled = await cancelCreditRecord(tx, r, {
    userId: ctx.user.userId,
    remark: 'Reversal advice',
    now,
  });
  await writeAudit(tx, ctx.actor, {
    title: 'Credit Token',
    action: 'Cancel',
    before: creditRecordOf(r),
    after: creditRecordOf(cancelled),
  });
  return 'cancelled';
}

/**
 * The channel's vending: meters as a channel sees them, trial, sale, reversal, the record of a sale, and
 * key change tokens. A vendor's machine credential stands for the authorization password a cashier types,
 * so key changes are asked without one (`machine`, below).
 */
export function createChannelVending(deps: Deps) {
  const machine = async () => {};
  const management = createManagementTokenService(deps, machine);
  return {
    meterForSale: (ctx: UserContext, meterId: string) => meterForSale(deps, ctx, meterId),
    trial: (ctx: UserContext, s: ChannelSaleRequest) => trialSale(deps, ctx, s),
    sell: (ctx: UserContext, s: ChannelSaleRequest, hooks: ChannelSaleHooks) => sell(deps, ctx, s, hooks),
    sellAtOnce: (ctx: UserContext, o: AtOnce) => sellAtOnce(deps, ctx, o),
    reverse,
    /** A sale's record; inside a transaction, read through it (`q`). */
    record: (id: number, q: Queryable = deps.database.db) => recordById(q, id),
    keyChange: (ctx: UserContext, meterId: string) =>
      management.changeMeterKey(ctx, meterId, 'vendor machine credential', 'Channel key change request'),
    confirmKeyChange: (ctx: UserContext, receiptId: number) => management.confirmKeyChange(ctx, receiptId),
  };
}
export type ChannelVending = ReturnType<typeof createChannelVending>;

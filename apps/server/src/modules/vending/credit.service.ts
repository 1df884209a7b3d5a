import type { CancelCreditTokenRequest, CreditTokenRecord, CreditTokenRequest } from '@prepay/contracts';
import { allocateTid, CREDIT_SUBCLASS, decodeAmount, encodeAmount } from '@prepay/sts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.js';
import { debts, users } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import type { Deps } from '../../deps.js';
import { auditRow, writeAudit } from '../../kernel/audit.js';
import { toMinor, toTenths } from '../../kernel/money.js';
import { present, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { withFields } from '../../lib/with-fields.js';
import { keyStoreOf } from '../keystore/index.js';
import { type EffectiveTariff, effectiveTariff } from '../tariff/index.js';
import type { AuthorizationCheck } from './authorization-proof.js';
import {
  type ContextInputs,
  type CreditRecordValues,
  type CreditVendWrite,
  completeInputs,
  type VendInputs,
  writeCreditVend,
} from './credit-vend.repo.js';
import {
  billingPeriodStart,
  capUnits,
  type PriceBreakdown,
  PricingError,
  type PricingInput,
  price,
} from './pricing.js';
import { type CreditRecordView, creditRecordOf } from './records.js';
import { vendWriteQueueOf } from './vend-write-queue.js';
import {
  findByIdempotencyKey,
  insertRecord,
  ladderOf,
  loadVendContext,
  lockMeterTokenState,
  nextReceiptId,
  type TokenRecordRow,
} from './vending.repo.js';
import {
  recordOfAccount,
  stsRefusal,
  uniqueViolation,
  type Vendable,
  vendableOf,
  vendConflict,
} from './vending-guards.js';

type Request = z.infer<typeof CreditTokenRequest>;

/** A credit token carries at most 18 201 624 units (0.1 kWh). */
const MAX_TOKEN_UNITS = 18201624;

/** The largest count of units ≤ `units` that a credit token carries exactly (the field rounds up). */
export function representableAtMost(units: number): number {
  const field = encodeAmount(units);
  return decodeAmount(field) === units ? units : decodeAmount(field - 1);
}

/** Credit subclass by meter type: electricity 0, water 1, gas 2. */
export function subclassOf(meterType: number): number {
  return meterType === 1
    ? CREDIT_SUBCLASS.water
    : meterType === 2
      ? CREDIT_SUBCLASS.gas
      : CREDIT_SUBCLASS.electricity;
}

/** The price of a vend on these terms from what the database said; a refusal the operator can act on. */
function priceVend(req: Request, terms: EffectiveTariff, inputs: VendInputs): PriceBreakdown {
  const input: PricingInput = {
    steps: ladderOf(terms),
    taxBp: terms.taxBp,
    monthlyChargeMinor: terms.monthlyChargeMinor,
    monthlyChargeDue: !inputs.monthlyPaid,
    consumedUnits: inputs.periodUnits,
    remainingDebtMinor: inputs.debt?.remainingDebtMinor ?? 0,
    payDebtPercent: req.payDebtPercent,
  };
  let b: PriceBreakdown;
  try {
    b = req.isVendByTotalPaid
      ? price(input, { byTotalPaid: true, amountMinor: toMinor(req.amount) })
      : price(input, { byTotalPaid: false, units: toTenths(req.amount) });
    // Some counts of units a token carries only in steps: never more than paid for.
    if (req.isVendByTotalPaid)
      b = capUnits(input, b, representableAtMost(Math.min(b.units, MAX_TOKEN_UNITS)));
  } catch (err) {
    if (err instanceof PricingError) throw refuse(err.message);
    throw err;
  }
  if (!req.isVendByTotalPaid && b.units > MAX_TOKEN_UNITS) {
    throw refuse(
      `A credit token carries at most 1820162.4 units; ${req.amount} is more: vend it as several tokens`,
    );
  }
  if (!req.isVendByTotalPaid && representableAtMost(b.units) !== b.units) {
    throw refuse(
      `A token cannot carry exactly ${req.amount}; the nearest is ${decodeAmount(encodeAmount(b.units)) / 10}`,
    );
  }
  const left = inputs.remainingQuotaUnits;
  if (left !== null && left < b.units) {
    throw refuse(`Quota exceeded: ${b.units / 10} kWh asked, ${left / 10} kWh left`);
  }
  return b;
}

/** The token a vend issued, as its record keeps it; a preview has none. */
interface Issued {
  token: string;
  tid: number | null;
  subclass: number | null;
  idempotencyKey: string | null;
}
const NOT_ISSUED: Issued = { token: '', tid: null, subclass: null, idempotencyKey: null };

/** The record of a priced vend, with the token it issued (none on a preview). */
function recordValues(
  ctx: UserContext,
  req: Request,
  v: Vendable,
  b: PriceBreakdown,
  debt: VendInputs['debt'],
  createDate: Date,
  issued: Issued = NOT_ISSUED,
): CreditRecordValues {
  return withFields(
    { kind: 'credit' as const, ...recordOfAccount(v) },
    {
      token: issued.token,
      tid: issued.tid,
      tokenClass: 0,
      subclass: issued.subclass,
      purchaseWay: req.isVendByTotalPaid ? 0 : 1,
      units: b.units,
      totalPaidMinor: b.totalPaidMinor,
      energyMinor: b.energyMinor,
      taxMinor: b.taxMinor,
      monthlyChargeMinor: b.monthlyChargeMinor,
      payDebtMinor: b.payDebtMinor,
      remainderMinor: b.remainderMinor,
      debtPercent: req.payDebtPercent,
      totalDebtMinor: debt?.totalDebtMinor ?? 0,
      remainingDebtMinor: (debt?.remainingDebtMinor ?? 0) - b.payDebtMinor,
      paymentMethod: req.paymentMethod ?? null,
      idempotencyKey: issued.idempotencyKey,
      remark: req.remark ?? null,
      createId: ctx.user.userId,
      createDate,
    },
  );
}

/**
 * The stored row of a credit record the write statement made (its columns' defaults filled in). One
 * literal with every column rather than the values plus fields (issue 16): V8 keeps a literal's
 * properties fast, where an `Object.assign` of this many leaves a dictionary that every later read,
 * and the record view and audit JSON made from it, pays for.
 */
function creditRow(values: CreditRecordValues, id: number, receiptId: number): TokenRecordRow {
  return {
    id,
    kind: values.kind,
    receiptId,
    meterId: values.meterId,
    meterType: values.meterType ?? 0,
    customerId: values.customerId ?? null,
    customerName: values.customerName ?? null,
    customerAddress: values.customerAddress ?? null,
    tariffId: values.tariffId ?? null,
    tariffName: values.tariffName ?? null,
    stationId: values.stationId,
    token: values.token ?? '',
    tokens: null,
    tid: values.tid ?? null,
    tokenClass: values.tokenClass ?? null,
    subclass: values.subclass ?? null,
    purchaseWay: values.purchaseWay ?? null,
    units: values.units ?? null,
    totalPaidMinor: values.totalPaidMinor ?? null,
    energyMinor: values.energyMinor ?? null,
    taxMinor: values.taxMinor ?? null,
    monthlyChargeMinor: values.monthlyChargeMinor ?? null,
    payDebtMinor: values.payDebtMinor ?? null,
    remainderMinor: values.remainderMinor ?? null,
    debtPercent: values.debtPercent ?? null,
    totalDebtMinor: values.totalDebtMinor ?? null,
    remainingDebtMinor: values.remainingDebtMinor ?? null,
    paymentMethod: values.paymentMethod ?? null,
    value: null,
    keyChange: null,
    confirmed: null,
    status: 0,
    cancelsId: null,
    cancelRemark: null,
    cancelId: null,
    cancelDate: null,
    idempotencyKey: values.idempotencyKey ?? null,
    remark: values.remark ?? null,
    createId: values.createId,
    createDate: values.createDate,
    updateId: null,
    updateDate: null,
  };
}

/**
 * What the vend prices with: the inputs its vend context read (`known`, else read again now, as a retry
 * behind the meter's lock must), with the period's usage read only if pricing on these terms needs it (a
 * stepped tariff, a monthly charge).
 */
async function vendInputs(
  q: Queryable,
  ctx: UserContext,
  req: Request,
  v: Vendable,
  now: Date,
  known?: ContextInputs,
) {
  const read = known ?? present(await loadVendContext(q, req.meterId, ctx.user.userId), 'the vend context');
  const terms = effectiveTariff(v.tariff, now);
  const needsPeriod = terms.steps.length > 0 || terms.monthlyChargeMinor > 0;
  const period = needsPeriod
    ? { meterId: req.meterId, since: billingPeriodStart(now, terms.billingDay) }
    : null;
  return { terms, inputs: await completeInputs(q, read, period) };
}

/** What a vend would cost now, from what the database says now (nothing written). */
async function previewVend(deps: Deps, ctx: UserContext, req: Request, v: Vendable, known: ContextInputs) {
  const now = deps.clock.now();
  const { terms, inputs } = await vendInputs(deps.database.db, ctx, req, v, now, known);
  const b = priceVend(req, terms, inputs);
  return creditRecordOf(creditRow(recordValues(ctx, req, v, b, inputs.debt, now), 0, 0), true);
}

/**
 * The token for a priced vend: the meter's next TID, encoded by the key store with the stored key (whose
 * sealed form the write expects to find unchanged).
 */
async function encodeCredit(
  deps: Deps,
  req: Request,
  v: Vendable,
  inputs: VendInputs,
  units: number,
  now: Date,
) {
  const key = inputs.key;
  if (!key) throw refuse(`Meter ${req.meterId} has no decoder key: set its STS keys first`);
  const subclass = subclassOf(v.meter.type);
  const lastTid = inputs.lastTid ?? undefined;
  try {
    const tid = allocateTid({ at: now, baseYear: key.baseYear, lastTid, ken: v.meter.ken ?? undefined });
    const keyStore = await keyStoreOf(deps);
    const token = await keyStore.encodeStoredToken(req.meterId, key, {
      kind: 'credit',
      tid,
      subclass,
      amountUnits: units,
    });
    return { tid, token, subclass, keyEnc: key.keyEnc };
  } catch (err) {
    throw stsRefusal(err);
  }
}

/** Writes a priced vend: through the group commit queue, or alone inside the meter's lock. */
type VendWriter = (w: CreditVendWrite) => Promise<{ id: number; receiptId: number }>;

/**
 * One attempt: read (unless the vend context already did), price, encode and write; throws a conflict
 * (see `vendConflict`) when it lost a race.
 */
async function attemptCreditVend(
  deps: Deps,
  q: Queryable,
  write: VendWriter,
  ctx: UserContext,
  req: Request,
  v: Vendable,
  known?: ContextInputs,
) {
  const now = deps.clock.now();
  const { terms, inputs } = await vendInputs(q, ctx, req, v, now, known);
  const b = priceVend(req, terms, inputs);
  const { tid, token, subclass, keyEnc } = await encodeCredit(deps, req, v, inputs, b.units, now);
  const values = recordValues(ctx, req, v, b, inputs.debt, now, {
    token,
    tid,
    subclass,
    idempotencyKey: req.idempotencyKey ?? null,
  });
  const audit = { title: 'Credit Token', action: 'Generate', after: creditRecordOf(creditRow(values, 0, 0)) };
  const written = await write({
    record: values,
    expectedLastTid: inputs.lastTid,
    expectedKeyEnc: keyEnc,
    expectedRemainingDebtMinor: inputs.debt?.remainingDebtMinor ?? 0,
    quotaUnits: inputs.remainingQuotaUnits === null ? null : b.units,
    payDebtMinor: b.payDebtMinor,
    audit: auditRow(ctx.actor, audit),
  });
  return creditRow(values, written.id, written.receiptId);
}

/** Attempts under the meter's lock before a vend that keeps meeting moved debt or quota is refused. */
const LOCKED_ATTEMPTS = 10;

/**
 * The vend: two statements and no transaction (see credit-vend.repo.ts), its write grouped with the
 * vends that reach theirs at the same time (vend-write-queue.ts). A lost race wrote nothing; the vend
 * then queues for the meter's TID row in a transaction and reads, prices and writes again behind that lock,
 * so vends crowding one meter take turns instead of racing again (only a moved debt or quota, shared with
 * other meters, can still make it start over).
 */
async function issueCreditToken(
  deps: Deps,
  ctx: UserContext,
  req: Request,
  v: Vendable,
  known: ContextInputs,
) {
  const { db } = deps.database;
  try {
    const queue = vendWriteQueueOf(db);
    return await attemptCreditVend(deps, db, (w) => queue.write(w), ctx, req, v, known);
  } catch (err) {
    if (!vendConflict(err)) throw err;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockMeterTokenState(tx, req.meterId);
        return attemptCreditVend(deps, tx, (w) => writeCreditVend(tx, w), ctx, req, v);
      });
    } catch (err) {
      if (!vendConflict(err)) throw err;
      if (attempt >= LOCKED_ATTEMPTS)
        throw refuse(`Meter ${req.meterId} is busy with other vends: try again`);
    }
  }
}

/**
 * The first vend made with this idempotency key, when there is one. A retry gets it back only when it asks
 * for the same vend; the same key with another meter, amount or debt share is a client bug, refused rather
 * than silently answered.
 */
async function replayed(q: Queryable, ctx: UserContext, req: Request): Promise<CreditRecordView | null> {
  if (!req.idempotencyKey) return null;
  const done = await findByIdempotencyKey(q, ctx.user.userId, req.idempotencyKey);
  if (!done) return null;
  const same =
    done.meterId.toLowerCase() === req.meterId.toLowerCase() &&
    done.purchaseWay === (req.isVendByTotalPaid ? 0 : 1) &&
    (done.debtPercent ?? 0) === req.payDebtPercent &&
    (req.isVendByTotalPaid
      ? done.totalPaidMinor === toMinor(req.amount)
      : done.units === toTenths(req.amount));
  if (!same) {
    throw refuse(
      'This idempotency key was already used for a different vend (meter, amount or debt share differ): send a new key for a new vend',
    );
  }
  return creditRecordOf(done);
}

/** Prices (isPreview) or vends a credit token; the answer carries the meter's CommunicationWay. */
async function vendCredit(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationCheck,
  ctx: UserContext,
  req: Request,
): Promise<CreditTokenRecord> {
  const { db } = deps.database;
  const known = await loadVendContext(db, req.meterId, ctx.user.userId, req.idempotencyKey ?? null);
  const v = vendableOf(ctx, req.meterId, known);
  // Each view here is made for this answer alone, so the meter's way is added to it rather than copying its
  // 35 fields into another object (9 µs a vend in a profile: a view that large is a dictionary in V8).
  const answer = (view: CreditRecordView) =>
    Object.assign(view, { communicationWay: v.meter.communicationWay });
  if (req.isPreview) return answer(await previewVend(deps, ctx, req, v, present(known, 'the vend context')));
  await checkAuthorizationPassword(ctx.user, req.authorizationPassword);
  // The context read said whether the key was used; only a retry reads the first vend's record.
  const done = known?.keyUsed ? await replayed(db, ctx, req) : null;
  if (done) return answer(done);
  try {
    return answer(
      creditRecordOf(await issueCreditToken(deps, ctx, req, v, present(known, 'the vend context'))),
    );
  } catch (err) {
    // Two requests with one idempotency key raced: the loser answers with the winner's record.
    const winner = uniqueViolation(err) ? await replayed(db, ctx, req) : null;
    if (winner) return answer(winner);
    throw err;
  }
}

/** Marks one vend cancelled, gives back its debt and quota effects and lists it on a cancel record. */
async function cancelOne(
  tx: Tx,
  ctx: UserContext,
  r: TokenRecordRow,
  remark: string | null | undefined,
  now: Date,
): Promise<CreditRecordView> {
  if (!ctx.user.isSystemAdmin && r.stationId !== ctx.user.stationId) {
    throw refuse(`Credit token record ${r.receiptId} belongs to another station`);
  }
  if (r.status !== 0) throw refuse(`Credit token record ${r.receiptId} is already cancelled`);
  const [after] = await tx
    .update(tokenRecords)
    .set({
      status: 1,
      cancelRemark: remark,
      cancelId: ctx.user.userId,
      cancelDate: now,
      updateId: ctx.user.userId,
      updateDate: now,
    })
    .where(eq(tokenRecords.id, r.id))
    .returning();
  if ((r.payDebtMinor ?? 0) > 0 && r.customerId) {
    await tx
      .update(debts)
      .set({
        remainingDebtMinor: sql`${debts.remainingDebtMinor} + ${r.payDebtMinor}`,
        payDebtMinor: sql`${debts.payDebtMinor} - ${r.payDebtMinor}`,
      })
      .where(eq(debts.customerId, r.customerId));
  }
  // The quota goes back to whoever sold it (if they still have a limit).
  await tx
    .update(users)
    .set({ remainingQuotaUnits: sql`${users.remainingQuotaUnits} + ${r.units ?? 0}` })
    .where(and(eq(users.userId, r.createId), sql`${users.remainingQuotaUnits} is not null`));
  const cancelled = present(after, 'the cancelled record');
  const { id: _id, ...copy } = cancelled;
  await insertRecord(tx, {
    ...copy,
    kind: 'creditCancel',
    receiptId: await nextReceiptId(tx, 'creditCancel'),
    tid: null,
    cancelsId: r.id,
    idempotencyKey: null,
    createId: ctx.user.userId,
    createDate: now,
  });
  const view = creditRecordOf(cancelled);
  await writeAudit(tx, ctx.actor, {
    title: 'Credit Token',
    action: 'Cancel',
    before: creditRecordOf(r),
    after: view,
  });
  return view;
}

/** Cancels vends (authorization password required); all of them or none. */
async function cancelCredit(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationCheck,
  ctx: UserContext,
  req: z.infer<typeof CancelCreditTokenRequest>,
): Promise<CreditRecordView[]> {
  await checkAuthorizationPassword(ctx.user, req.authorizationPassword);
  const ids = req.data.map((d) => d.receiptId);
  if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(tokenRecords)
      .where(and(eq(tokenRecords.kind, 'credit'), inArray(tokenRecords.receiptId, ids)))
      .for('update');
    const out: CreditRecordView[] = [];
    const now = deps.clock.now();
    for (const d of req.data) {
      const r = rows.find((x) => x.receiptId === d.receiptId);
      if (!r) throw refuse(`Credit token record ${d.receiptId} not found`);
      out.push(await cancelOne(tx, ctx, r, d.remark, now));
    }
    return out;
  });
}

export function createCreditService(deps: Deps, checkAuthorizationPassword: AuthorizationCheck) {
  return {
    vend: (ctx: UserContext, req: Request) => vendCredit(deps, checkAuthorizationPassword, ctx, req),
    cancel: (ctx: UserContext, req: z.infer<typeof CancelCreditTokenRequest>) =>
      cancelCredit(deps, checkAuthorizationPassword, ctx, req),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

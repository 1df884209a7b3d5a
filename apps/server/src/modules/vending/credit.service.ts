import type { CancelCreditTokenRequest, CreditTokenRecord, CreditTokenRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { auditRow, writeAudit } from '../../kernel/audit.js';
import { toMinor, toTenths } from '../../kernel/money.js';
import { present, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { AuthorizationCheck } from './authorization-proof.js';
import { cancelCreditRecord, lockCreditRecords } from './credit-cancel.repo.js';
import { creditRecord, written } from './credit-record.js';
import { type ContextInputs, type CreditVendWrite, writeCreditVend } from './credit-vend.repo.js';
import { type CreditRecordView, creditRecordOf } from './records.js';
import { vendInputs } from './vend-context.js';
import { issueCredit } from './vend-issue.js';
import { priceVend } from './vend-price.js';
import { vendWriteQueueOf } from './vend-write-queue.js';
import { findByIdempotencyKey, loadVendContext, type TokenRecordRow } from './vending.repo.js';
import { firstThenBehindLock, uniqueViolation, type Vendable, vendableOf } from './vending-guards.js';

/**
 * The credit vend as a pipeline over one record (credit-record.ts): context (vend-context.ts, one read),
 * price (vend-price.ts, pure), issue (vend-issue.ts: TID, key store, STS), write (credit-vend.repo.ts, grouped
 * by vend-write-queue.ts) and view (records.ts). This file runs the steps and says what happens when a
 * write loses a race or a request is a retry; the steps hold the rules.
 */

export type Request = z.infer<typeof CreditTokenRequest>;

/** What a vend would cost now, from what the database says now (nothing written). */
async function previewVend(deps: Deps, ctx: UserContext, req: Request, v: Vendable, known: ContextInputs) {
  const now = deps.clock.now();
  const { terms, inputs } = await vendInputs(deps.database.db, ctx.user.userId, v, now, known);
  const b = priceVend(req, terms, inputs);
  return creditRecordOf(creditRecord({ ctx, req, v, b, debt: inputs.debt, createDate: now }), true);
}

/** Writes a priced vend: through the group commit queue, or alone inside the meter's lock. */
type VendWriter = (w: CreditVendWrite) => Promise<{ id: number; receiptId: number }>;

/**
 * One attempt: read (unless the vend context already did), price, issue and write; throws a conflict
 * (see `vendConflict`) when it lost a race.
 */
export async function attemptCreditVend(
  deps: Deps,
  q: Queryable,
  write: VendWriter,
  ctx: UserContext,
  req: Request,
  v: Vendable,
  known?: ContextInputs,
): Promise<TokenRecordRow> {
  const now = deps.clock.now();
  const { terms, inputs } = await vendInputs(q, ctx.user.userId, v, now, known);
  const b = priceVend(req, terms, inputs);
  const { keyEnc, ...token } = await issueCredit(deps, v, inputs, b.units, now);
  const record = creditRecord(
    { ctx, req, v, b, debt: inputs.debt, createDate: now },
    { ...token, idempotencyKey: req.idempotencyKey ?? null },
  );
  // The after-image starts with receipt number 0; the write splices in the one it takes.
  const audit = { title: 'Credit Token', action: 'Generate', after: creditRecordOf(record) };
  const stored = await write({
    record,
    expectedLastTid: inputs.lastTid,
    expectedKeyEnc: keyEnc,
    expectedRemainingDebtMinor: inputs.debt?.remainingDebtMinor ?? 0,
    quotaUnits: inputs.remainingQuotaUnits === null ? null : b.units,
    payDebtMinor: b.payDebtMinor,
    audit: auditRow(ctx.actor, audit),
  });
  return written(record, stored);
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
  const queue = vendWriteQueueOf(db);
  return firstThenBehindLock(
    db,
    v.meter.meterId,
    {
      attempts: LOCKED_ATTEMPTS,
      busy: () => refuse(`Meter ${req.meterId} is busy with other vends: try again`),
    },
    () => attemptCreditVend(deps, db, (w) => queue.write(w), ctx, req, v, known),
    (tx) => attemptCreditVend(deps, tx, (w) => writeCreditVend(tx, w), ctx, req, v),
  );
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

/** Cancels one vend in the caller's station that is not cancelled yet, and audits it. */
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
  const cancelled = await cancelCreditRecord(tx, r, { userId: ctx.user.userId, remark, now });
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
    const rows = await lockCreditRecords(tx, ids);
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

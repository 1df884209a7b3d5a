import type { CancelCreditTokenRequest, CreditTokenRequest } from '@prepay/contracts';
import { allocateTid, CREDIT_SUBCLASS, decodeAmount, encodeAmount } from '@prepay/sts';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { debts, users } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import type { Deps } from '../../deps.js';
import { present, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { writeAudit } from '../audit/audit.js';
import { keyStoreOf } from '../keystore/key-store.js';
import { toMinor, toTenths } from '../masterdata/money.js';
import { effectiveTariff, type TariffRecord } from '../tariff/tariff.repo.js';
import type { AuthorizationCheck } from './authorization-proof.js';
import { billingPeriodStart, capUnits, PricingError, type PricingInput, price } from './pricing.js';
import { type CreditRecordView, creditRecordOf } from './records.js';
import {
  debtOf,
  findByIdempotencyKey,
  insertRecord,
  ladderOf,
  lockMeterTokenState,
  nextReceiptId,
  periodUsage,
  saveLastTid,
  type TokenRecordRow,
} from './vending.repo.js';
import { requireVendable, stsRefusal, uniqueViolation } from './vending-guards.js';

type Request = z.infer<typeof CreditTokenRequest>;

/** The largest count of units ≤ `units` that a credit token carries exactly (the field rounds up). */
export function representableAtMost(units: number): number {
  const field = encodeAmount(units);
  return decodeAmount(field) === units ? units : decodeAmount(field - 1);
}

interface SameVendFields {
  meterId: string;
  purchaseWay: number | null;
  totalPaidMinor: number | null;
  units: number | null;
  debtPercent: number | null;
}

export function createCreditService(deps: Deps, checkAuthorizationPassword: AuthorizationCheck) {
  const { db } = deps.database;
  const { clock } = deps;

  /** Prices a vend from what the database says now; `q` decides whether that is inside the vend's lock. */
  async function quote(
    q: Queryable,
    ctx: UserContext,
    req: Request,
    customerId: string,
    tariff: TariffRecord,
  ) {
    const now = clock.now();
    const terms = effectiveTariff(tariff, now);
    const since = billingPeriodStart(now, terms.billingDay);
    const usage = await periodUsage(q, req.meterId, since);
    const debt = await debtOf(q, customerId, q !== db);
    const input: PricingInput = {
      steps: ladderOf(terms),
      taxBp: terms.taxBp,
      monthlyChargeMinor: terms.monthlyChargeMinor,
      monthlyChargeDue: !usage.monthlyPaid,
      consumedUnits: usage.units,
      remainingDebtMinor: debt?.remainingDebtMinor ?? 0,
      payDebtPercent: req.payDebtPercent,
    };
    try {
      let b = req.isVendByTotalPaid
        ? price(input, { byTotalPaid: true, amountMinor: toMinor(req.amount) })
        : price(input, { byTotalPaid: false, units: toTenths(req.amount) });
      // A credit token carries at most 18 201 624 units, some of them only in steps: never more than paid for.
      if (req.isVendByTotalPaid) b = capUnits(input, b, representableAtMost(Math.min(b.units, 18201624)));
      else if (b.units > 18201624) {
        throw refuse(
          `A credit token carries at most 1820162.4 units; ${req.amount} is more: vend it as several tokens`,
        );
      } else if (representableAtMost(b.units) !== b.units) {
        throw refuse(
          `A token cannot carry exactly ${req.amount}; the nearest is ${decodeAmount(encodeAmount(b.units)) / 10}`,
        );
      }
      const [user] = await q
        .select({ remaining: users.remainingQuotaUnits })
        .from(users)
        .where(eq(users.userId, ctx.user.userId));
      if (user && user.remaining !== null && user.remaining < b.units) {
        throw refuse(`Quota exceeded: ${b.units / 10} kWh asked, ${user.remaining / 10} kWh left`);
      }
      return { breakdown: b, debt };
    } catch (err) {
      if (err instanceof PricingError) throw refuse(err.message);
      throw err;
    }
  }

  function recordValues(
    ctx: UserContext,
    req: Request,
    v: Awaited<ReturnType<typeof requireVendable>>,
    q: Awaited<ReturnType<typeof quote>>,
  ) {
    const { breakdown: b, debt } = q;
    return {
      kind: 'credit' as const,
      meterId: v.meter.meterId,
      meterType: v.meter.type,
      customerId: v.customer.customerId,
      customerName: v.customer.customerName,
      customerAddress: v.customer.address,
      tariffId: v.tariff.tariffId,
      tariffName: v.tariff.tariffName,
      stationId: v.meter.stationId,
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
      remark: req.remark ?? null,
      createId: ctx.user.userId,
    };
  }

  /**
   * A retry with an idempotency key gets the first vend back only when it asks for the same vend; the same
   * key with another meter, amount or debt share is a client bug, refused rather than silently answered.
   */
  function assertSameVend<T extends SameVendFields>(done: T, req: Request): T {
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
    return done;
  }

  async function vend(ctx: UserContext, req: Request): Promise<CreditRecordView> {
    const v = await requireVendable(db, ctx, req.meterId);
    if (req.isPreview) {
      const q = await quote(db, ctx, req, v.customer.customerId, v.tariff);
      const values = recordValues(ctx, req, v, q);
      return creditRecordOf(
        {
          ...values,
          id: 0,
          receiptId: 0,
          token: '',
          tokens: null,
          tid: null,
          tokenClass: 0,
          subclass: null,
          value: null,
          keyChange: null,
          confirmed: null,
          status: 0,
          cancelsId: null,
          cancelRemark: null,
          cancelId: null,
          cancelDate: null,
          idempotencyKey: null,
          createDate: clock.now(),
          updateId: null,
          updateDate: null,
        } as TokenRecordRow,
        true,
      );
    }
    await checkAuthorizationPassword(ctx.user, req.authorizationPassword);
    if (req.idempotencyKey) {
      const done = await findByIdempotencyKey(db, ctx.user.userId, req.idempotencyKey);
      if (done) return creditRecordOf(assertSameVend(done, req));
    }
    const keyStore = await keyStoreOf(deps);
    try {
      const row = await db.transaction(async (tx) => {
        // Everything below runs with the meter's row locked: the period's usage, the TID and the debt are exact.
        const lastTid = await lockMeterTokenState(tx, req.meterId);
        const q = await quote(tx, ctx, req, v.customer.customerId, v.tariff);
        const b = q.breakdown;
        const quota = await tx
          .update(users)
          .set({ remainingQuotaUnits: sql`${users.remainingQuotaUnits} - ${b.units}` })
          .where(
            and(
              eq(users.userId, ctx.user.userId),
              or(isNull(users.remainingQuotaUnits), gte(users.remainingQuotaUnits, b.units)),
            ),
          )
          .returning({ userId: users.userId });
        if (quota.length === 0) throw refuse('Quota exceeded');
        if (b.payDebtMinor > 0) {
          await tx
            .update(debts)
            .set({
              remainingDebtMinor: sql`${debts.remainingDebtMinor} - ${b.payDebtMinor}`,
              payDebtMinor: sql`${debts.payDebtMinor} + ${b.payDebtMinor}`,
            })
            .where(eq(debts.customerId, v.customer.customerId));
        }
        const keys = keyStore.on(tx);
        const key = await keys.decoderKeyInfo(req.meterId);
        const now = clock.now();
        let token: string;
        let tid: number;
        try {
          tid = allocateTid({ at: now, baseYear: key.baseYear, lastTid, ken: v.meter.ken ?? undefined });
          token = await keys.encodeToken(req.meterId, {
            kind: 'credit',
            tid,
            subclass: subclassOf(v.meter.type),
            amountUnits: b.units,
          });
        } catch (err) {
          throw stsRefusal(err);
        }
        await saveLastTid(tx, req.meterId, tid, now);
        const record = await insertRecord(tx, {
          ...recordValues(ctx, req, v, q),
          receiptId: await nextReceiptId(tx, 'credit'),
          token,
          tid,
          tokenClass: 0,
          subclass: subclassOf(v.meter.type),
          idempotencyKey: req.idempotencyKey ?? null,
          createDate: now,
        });
        await writeAudit(tx, ctx.actor, {
          title: 'Credit Token',
          action: 'Generate',
          after: creditRecordOf(record),
        });
        return record;
      });
      return creditRecordOf(row);
    } catch (err) {
      // Two requests with one idempotency key raced: the loser answers with the winner's record.
      if (req.idempotencyKey && uniqueViolation(err)) {
        const done = await findByIdempotencyKey(db, ctx.user.userId, req.idempotencyKey);
        if (done) return creditRecordOf(assertSameVend(done, req));
      }
      throw err;
    }
  }

  /** Marks vends cancelled and gives back their debt and quota effects; a cancel record lists each. */
  async function cancel(
    ctx: UserContext,
    req: z.infer<typeof CancelCreditTokenRequest>,
  ): Promise<CreditRecordView[]> {
    await checkAuthorizationPassword(ctx.user, req.authorizationPassword);
    const ids = req.data.map((d) => d.receiptId);
    if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(tokenRecords)
        .where(and(eq(tokenRecords.kind, 'credit'), inArray(tokenRecords.receiptId, ids)))
        .for('update');
      const out: CreditRecordView[] = [];
      const now = clock.now();
      for (const d of req.data) {
        const r = rows.find((x) => x.receiptId === d.receiptId);
        if (!r) throw refuse(`Credit token record ${d.receiptId} not found`);
        if (!ctx.user.isSystemAdmin && r.stationId !== ctx.user.stationId) {
          throw refuse(`Credit token record ${d.receiptId} belongs to another station`);
        }
        if (r.status !== 0) throw refuse(`Credit token record ${d.receiptId} is already cancelled`);
        const [after] = await tx
          .update(tokenRecords)
          .set({
            status: 1,
            cancelRemark: d.remark,
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
        const { id: _id, ...copy } = present(after, 'the cancelled record');
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
        const view = creditRecordOf(present(after, 'the cancelled record'));
        await writeAudit(tx, ctx.actor, {
          title: 'Credit Token',
          action: 'Cancel',
          before: creditRecordOf(r),
          after: view,
        });
        out.push(view);
      }
      return out;
    });
  }

  return { vend, cancel };
}

/** Credit subclass by meter type: electricity 0, water 1, gas 2. */
export function subclassOf(meterType: number): number {
  return meterType === 1
    ? CREDIT_SUBCLASS.water
    : meterType === 2
      ? CREDIT_SUBCLASS.gas
      : CREDIT_SUBCLASS.electricity;
}

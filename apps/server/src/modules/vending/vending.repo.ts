import { and, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, debts, meters, type StoredStep, tariffs } from '../../db/schema.js';
import { meterTokenState, receiptCounters, type TokenKind, tokenRecords } from '../../db/schema-vending.js';
import type { TariffStep } from './pricing.js';

export type MeterRow = typeof meters.$inferSelect;
export type TariffRow = typeof tariffs.$inferSelect;

/** The meter with its account, customer, tariff and debt: everything a token page needs about it. */
export async function loadVendContext(q: Queryable, meterId: string) {
  const [row] = await q
    .select({ meter: meters, account: accounts, customer: customers, tariff: tariffs })
    .from(meters)
    .leftJoin(accounts, eq(accounts.meterId, meters.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .leftJoin(tariffs, eq(tariffs.tariffId, accounts.tariffId))
    .where(eq(meters.meterId, meterId));
  return row;
}

export type VendContext = NonNullable<Awaited<ReturnType<typeof loadVendContext>>>;

/** The tariff terms in force at `now`: the passive set replaces the active one once its start time passed. */
export function termsAt(t: TariffRow, now: Date) {
  const passive = t.startTimeNew !== null && t.startTimeNew <= now;
  return {
    steps: (passive && t.stepsNew?.length ? t.stepsNew : t.steps) as StoredStep[],
    priceMinor: passive && t.priceMinorNew !== null ? t.priceMinorNew : t.priceMinor,
    taxBp: passive && t.taxBpNew !== null ? t.taxBpNew : t.taxBp,
    monthlyChargeMinor:
      passive && t.monthlyChargeMinorNew !== null ? t.monthlyChargeMinorNew : t.monthlyChargeMinor,
    billingDay: passive && t.billingDayNew !== null ? t.billingDayNew : t.billingDay,
  };
}

/** Stored steps (0.1 kWh units, minor units per kWh, open end) as the pricing ladder. */
export function ladderOf(terms: ReturnType<typeof termsAt>): TariffStep[] {
  const OPEN = 2 ** 45;
  const steps = terms.steps.length
    ? [...terms.steps].sort((a, b) => a.start - b.start)
    : [{ start: 0, end: null, price: terms.priceMinor }];
  return steps.map((s) => ({ startUnits: s.start, endUnits: s.end ?? OPEN, price4: s.price * 100 }));
}

/** Units bought, and whether the monthly charge was paid, since the billing period began (cancelled vends excluded). */
export async function periodUsage(q: Queryable, meterId: string, since: Date) {
  const [row] = await q
    .select({
      units: sql<string>`coalesce(sum(${tokenRecords.units}), 0)`,
      monthlyPaid: sql<boolean>`coalesce(bool_or(${tokenRecords.monthlyChargeMinor} > 0), false)`,
    })
    .from(tokenRecords)
    .where(
      and(
        eq(tokenRecords.meterId, meterId),
        eq(tokenRecords.kind, 'credit'),
        eq(tokenRecords.status, 0),
        gte(tokenRecords.createDate, since),
      ),
    );
  return { units: Number(row?.units ?? 0), monthlyPaid: Boolean(row?.monthlyPaid) };
}

export async function debtOf(q: Queryable, customerId: string, forUpdate = false) {
  const query = q.select().from(debts).where(eq(debts.customerId, customerId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Locks the meter's TID row for the rest of the transaction: vends to one meter queue here. */
export async function lockMeterTokenState(q: Queryable, meterId: string): Promise<number | undefined> {
  await q.insert(meterTokenState).values({ meterId }).onConflictDoNothing();
  const [row] = await q
    .select()
    .from(meterTokenState)
    .where(eq(meterTokenState.meterId, meterId))
    .for('update');
  return row?.lastTid ?? undefined;
}

export async function saveLastTid(q: Queryable, meterId: string, lastTid: number | null, now: Date) {
  await q
    .update(meterTokenState)
    .set({ lastTid, updateDate: now })
    .where(eq(meterTokenState.meterId, meterId));
}

/** The next receipt number of a kind (the counter row is locked until the transaction ends). */
export async function nextReceiptId(q: Queryable, kind: TokenKind): Promise<number> {
  await q.insert(receiptCounters).values({ kind, last: 0 }).onConflictDoNothing();
  const [row] = await q
    .update(receiptCounters)
    .set({ last: sql`${receiptCounters.last} + 1` })
    .where(eq(receiptCounters.kind, kind))
    .returning({ last: receiptCounters.last });
  return row!.last;
}

export type TokenRecordRow = typeof tokenRecords.$inferSelect;
export type NewTokenRecord = typeof tokenRecords.$inferInsert;

export async function insertRecord(q: Queryable, values: NewTokenRecord): Promise<TokenRecordRow> {
  const [row] = await q.insert(tokenRecords).values(values).returning();
  return row!;
}

export async function findByIdempotencyKey(q: Queryable, createId: string, key: string) {
  const [row] = await q
    .select()
    .from(tokenRecords)
    .where(and(eq(tokenRecords.createId, createId), eq(tokenRecords.idempotencyKey, key)));
  return row;
}

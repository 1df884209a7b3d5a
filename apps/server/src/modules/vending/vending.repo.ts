import type { TokenRecordReadRequest } from '@prepay/contracts';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, debts, meters, tariffs } from '../../db/schema.js';
import { meterTokenState, receiptCounters, type TokenKind, tokenRecords } from '../../db/schema-vending.js';
import { present } from '../../lib/domain-errors.js';
import { allOf, commonConditions, contains, equals, type ReadSpec, readTable } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';
import type { EffectiveTariff } from '../tariff/tariff.repo.js';
import type { TariffStep } from './pricing.js';

export type MeterRow = typeof meters.$inferSelect;

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

/** Stored steps (0.1 kWh units, minor units per kWh, open end) as the pricing ladder. */
export function ladderOf(terms: EffectiveTariff): TariffStep[] {
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
  return present(row, 'the receipt counter').last;
}

export type TokenRecordRow = typeof tokenRecords.$inferSelect;
export type NewTokenRecord = typeof tokenRecords.$inferInsert;

export async function insertRecord(q: Queryable, values: NewTokenRecord): Promise<TokenRecordRow> {
  const [row] = await q.insert(tokenRecords).values(values).returning();
  return present(row, 'the inserted record');
}

export async function findByIdempotencyKey(q: Queryable, createId: string, key: string) {
  const [row] = await q
    .select()
    .from(tokenRecords)
    .where(and(eq(tokenRecords.createId, createId), eq(tokenRecords.idempotencyKey, key)));
  return row;
}

const recordSpec: ReadSpec = {
  sortable: {
    receiptId: tokenRecords.receiptId,
    customerId: tokenRecords.customerId,
    customerName: tokenRecords.customerName,
    meterId: tokenRecords.meterId,
    meterType: tokenRecords.meterType,
    tariffId: tokenRecords.tariffId,
    totalUnit: tokenRecords.units,
    totalPaid: tokenRecords.totalPaidMinor,
    status: tokenRecords.status,
    createId: tokenRecords.createId,
    createDate: tokenRecords.createDate,
    stationId: tokenRecords.stationId,
  },
  defaultOrder: [desc(tokenRecords.createDate), desc(tokenRecords.id)],
  search: [
    tokenRecords.customerId,
    tokenRecords.customerName,
    tokenRecords.meterId,
    tokenRecords.token,
    tokenRecords.remark,
  ],
  createDate: tokenRecords.createDate,
  updateDate: tokenRecords.updateDate,
  station: tokenRecords.stationId,
};

/** One kind's records, as the Token Record pages list them. */
export async function readRecords<R>(
  q: Queryable,
  kind: TokenKind,
  req: TokenRecordReadRequest,
  user: SessionUser,
  map: (row: TokenRecordRow) => R,
) {
  return readTable(q, tokenRecords, recordConditions(kind, req, user), recordSpec, req, map);
}

/** The filter of a record page (also what its totals row sums, issue 15). */
export function recordConditions(kind: TokenKind, req: TokenRecordReadRequest, user: SessionUser) {
  return allOf([
    eq(tokenRecords.kind, kind),
    ...commonConditions(recordSpec, req, user),
    equals(tokenRecords.receiptId, req.receiptId),
    contains(tokenRecords.customerId, req.customerId),
    contains(tokenRecords.customerName, req.customerName),
    contains(tokenRecords.meterId, req.meterId),
    equals(tokenRecords.meterType, req.meterType),
    contains(tokenRecords.tariffId, req.tariffId),
    // Tokens are shown in groups of four; match whatever spacing the operator typed.
    contains(tokenRecords.token, req.token?.replace(/\D/g, '')),
    equals(tokenRecords.status, req.status),
    contains(tokenRecords.remark, req.remark),
  ]);
}

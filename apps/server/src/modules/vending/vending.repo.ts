import type { TokenRecordReadRequest } from '@prepay/contracts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { accounts, customers, debts, meterKeys, meters, tariffs, users } from '../../db/schema.js';
import { meterTokenState, receiptCounters, type TokenKind, tokenRecords } from '../../db/schema-vending.js';
import { joinMeterCustomer } from '../../kernel/meter-customer.js';
import { contains, type ReadSpec, readTable, readWhere } from '../../kernel/read-query.js';
import { present } from '../../lib/domain-errors.js';
import type { SessionUser } from '../../lib/user-context.js';

export type MeterRow = typeof meters.$inferSelect;

/**
 * The meter with its account, customer and tariff: everything a token page needs about it; and what a
 * credit vend reads before pricing, but for the period's usage (which needs the tariff's billing day): the
 * meter's last TID, the customer's debt, the seller's quota and the meter's stored key, in the same
 * statement (one round trip fewer per vend). The write checks each of them again
 * (credit-vend.repo.ts), so reading them a moment early risks nothing. Every vend reads it first, so it is
 * built and planned once per database (db/prepared.ts).
 */
const vendContext = preparedPerDatabase((q) => {
  const fromMeters = q
    .select({
      meter: meters,
      account: accounts,
      customer: customers,
      tariff: tariffs,
      lastTid: sql<
        number | null
      >`(select last_tid from ${meterTokenState} where meter_id = ${meters.meterId})`,
      totalDebt: sql<
        string | null
      >`(select total_debt_minor::text from ${debts} where customer_id = ${accounts.customerId})`,
      remainingDebt: sql<
        string | null
      >`(select remaining_debt_minor::text from ${debts} where customer_id = ${accounts.customerId})`,
      /** The meter's change carried forward: what its credit sales not cancelled left over, less what they spent. */
      carried: sql<string>`(select coalesce(sum(coalesce(carried_out_minor, 0) - coalesce(carried_in_minor, 0)), 0)::text
        from ${tokenRecords} where meter_id = ${meters.meterId} and kind = 'credit' and status = 0
          and (carried_in_minor <> 0 or carried_out_minor <> 0))`,
      remainingQuota: sql<
        string | null
      >`(select remaining_quota_units::text from ${users} where user_id = ${sql.placeholder('userId')})`,
      /** This seller already made a record with the request's idempotency key: the request is a retry. */
      keyUsed: sql<boolean>`exists (select 1 from ${tokenRecords}
        where create_id = ${sql.placeholder('userId')} and idempotency_key = ${sql.placeholder('idempotencyKey')})`,
      key: {
        keyEnc: meterKeys.keyEnc,
        sgc: meterKeys.sgc,
        krn: meterKeys.krn,
        kt: meterKeys.kt,
        ti: meterKeys.ti,
        baseYear: meterKeys.baseYear,
      },
    })
    .from(meters)
    .$dynamic();
  return joinMeterCustomer(fromMeters, meters.meterId)
    .leftJoin(tariffs, eq(tariffs.tariffId, accounts.tariffId))
    .leftJoin(meterKeys, eq(meterKeys.meterId, meters.meterId))
    .where(eq(meters.meterId, sql.placeholder('meterId')))
    .prepare('vend_context');
});

/**
 * The vend context of a meter, for a vend by `userId` (whose quota it reads) sent with `idempotencyKey`
 * (whether a record already has it: the console sends a key with every vend, so the check rides along).
 */
export async function loadVendContext(
  q: Queryable,
  meterId: string,
  userId: string,
  idempotencyKey: string | null = null,
) {
  const [row] = await vendContext(q).execute({ meterId, userId, idempotencyKey });
  return row;
}

export type VendContext = NonNullable<Awaited<ReturnType<typeof loadVendContext>>>;

/**
 * Locks the meter's TID row for the rest of the transaction (vends to one meter queue here) and reads its
 * last TID: one upsert, whose row lock also waits for a concurrent first vend to the same meter.
 */
export async function lockMeterTokenState(q: Queryable, meterId: string): Promise<number | undefined> {
  const [row] = await q
    .insert(meterTokenState)
    .values({ meterId })
    .onConflictDoUpdate({ target: meterTokenState.meterId, set: { meterId } })
    .returning({ lastTid: meterTokenState.lastTid });
  return row?.lastTid ?? undefined;
}

/**
 * `lockMeterTokenState` for many meters (a key campaign's batch) in one upsert, in meter order so two
 * batches never wait on each other crosswise.
 */
export async function lockMeterTokenStates(q: Queryable, meterIds: string[]): Promise<void> {
  if (meterIds.length === 0) return;
  await q
    .insert(meterTokenState)
    .values([...meterIds].sort().map((meterId) => ({ meterId })))
    .onConflictDoUpdate({ target: meterTokenState.meterId, set: { meterId: sql`excluded.meter_id` } });
}

/** The meters forget their last TID (a key change to a new base date rolled the meters' memory over). */
export async function clearLastTids(q: Queryable, meterIds: string[], now: Date) {
  if (meterIds.length === 0) return;
  await q
    .update(meterTokenState)
    .set({ lastTid: null, updateDate: now })
    .where(inArray(meterTokenState.meterId, meterIds));
}

export async function saveLastTid(q: Queryable, meterId: string, lastTid: number | null, now: Date) {
  await q
    .update(meterTokenState)
    .set({ lastTid, updateDate: now })
    .where(eq(meterTokenState.meterId, meterId));
}

/** The next receipt number of a kind (the counter row is locked until the transaction ends). */
export async function nextReceiptId(q: Queryable, kind: TokenKind): Promise<number> {
  const [row] = await q
    .insert(receiptCounters)
    .values({ kind, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.kind, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return present(row, 'the receipt counter').last;
}

/** The next `n` receipt numbers of a kind, in order, from one move of the counter (locked as nextReceiptId's). */
export async function nextReceiptIds(q: Queryable, kind: TokenKind, n: number): Promise<number[]> {
  if (n === 0) return [];
  const [row] = await q
    .insert(receiptCounters)
    .values({ kind, last: n })
    .onConflictDoUpdate({ target: receiptCounters.kind, set: { last: sql`${receiptCounters.last} + ${n}` } })
    .returning({ last: receiptCounters.last });
  const last = present(row, 'the receipt counter').last;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

export type { TokenKind };
export type TokenRecordRow = typeof tokenRecords.$inferSelect;
export type NewTokenRecord = typeof tokenRecords.$inferInsert;

export async function insertRecord(q: Queryable, values: NewTokenRecord): Promise<TokenRecordRow> {
  const [row] = await q.insert(tokenRecords).values(values).returning();
  return present(row, 'the inserted record');
}

/** Many records in one statement, answered in the order given. */
export async function insertRecords(q: Queryable, values: NewTokenRecord[]): Promise<TokenRecordRow[]> {
  if (values.length === 0) return [];
  const rows = await q.insert(tokenRecords).values(values).returning();
  return rows.sort((a, b) => a.id - b.id);
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
  filters: {
    contains: ['customerId', 'customerName', 'meterId', 'tariffId'],
    equals: ['receiptId', 'meterType', 'status'],
  },
};

/** A record as a page lists it: a cancel record with the receipt of the vend it cancels. */
export type ListedRecordRow = TokenRecordRow & { cancelledReceiptId?: number | null };

/** One kind's records, as the Token Record pages list them. */
export async function readRecords<R>(
  q: Queryable,
  kind: TokenKind,
  req: TokenRecordReadRequest,
  user: SessionUser,
  map: (row: ListedRecordRow) => R,
) {
  const page = await readTable(q, tokenRecords, recordConditions(kind, req, user), recordSpec, req, (r) => r);
  const rows = kind === 'creditCancel' ? await withCancelledReceipts(q, page.data) : page.data;
  return { total: page.total, data: rows.map(map) };
}

/** The receipts of the vends a page of cancel records cancels, in one query. */
async function withCancelledReceipts(q: Queryable, rows: TokenRecordRow[]): Promise<ListedRecordRow[]> {
  const ids = rows.flatMap((r) => (r.cancelsId === null ? [] : [r.cancelsId]));
  const found = ids.length
    ? await q
        .select({ id: tokenRecords.id, receiptId: tokenRecords.receiptId })
        .from(tokenRecords)
        .where(inArray(tokenRecords.id, ids))
    : [];
  const receipts = new Map(found.map((f) => [f.id, f.receiptId]));
  return rows.map((r) => ({ ...r, cancelledReceiptId: receipts.get(r.cancelsId ?? -1) ?? null }));
}

/** Cancel records of the vend with this receipt (none when no receipt is asked for). */
function cancelling(receiptId: number | null | undefined): SQL | undefined {
  if (receiptId === null || receiptId === undefined) return undefined;
  return sql`${tokenRecords.cancelsId} in (select c.id from ${tokenRecords} c where c.kind = 'credit' and c.receipt_id = ${receiptId})`;
}

/**
 * A cancel record is found by the receipt it cancels, which is the receipt a client of the original
 * reads from it: the receiptId filter means that one, and a search for a number finds either receipt.
 */
function cancelRecordConditions(req: TokenRecordReadRequest): (SQL | undefined)[] {
  const term = req.searchTerm?.trim() ?? '';
  // Receipt numbers are int4: a longer run of digits is searched as text only.
  const receipt = /^\d{1,9}$/.test(term) ? Number(term) : null;
  const text = term ? or(...recordSpec.search.map((c) => contains(c, term))) : undefined;
  const number = receipt === null ? undefined : or(eq(tokenRecords.receiptId, receipt), cancelling(receipt));
  return [cancelling(req.receiptId), term ? or(text, number) : undefined];
}

/** The filter of a record page (also what its totals row sums). */
export function recordConditions(kind: TokenKind, req: TokenRecordReadRequest, user: SessionUser) {
  const isCancel = kind === 'creditCancel';
  return readWhere(recordSpec, isCancel ? { ...req, receiptId: null, searchTerm: null } : req, user, [
    eq(tokenRecords.kind, kind),
    // Tokens are shown in groups of four; match whatever spacing the operator typed.
    contains(tokenRecords.token, req.token?.replace(/\D/g, '')),
    contains(tokenRecords.remark, req.remark),
    ...(isCancel ? cancelRecordConditions(req) : []),
  ]);
}

/** The meters' CommunicationWay by meter id (a meter deleted since is missing). */
export async function communicationWays(q: Queryable, meterIds: string[]): Promise<Map<string, number>> {
  const ways = meterIds.length
    ? await q
        .select({ meterId: meters.meterId, way: meters.communicationWay })
        .from(meters)
        .where(inArray(meters.meterId, meterIds))
    : [];
  return new Map(ways.map((w) => [w.meterId, w.way]));
}

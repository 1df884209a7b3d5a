import type { AccountReadRequest, AccountRequest, AccountRow } from '@prepay/contracts';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, debts, meterLinks, meters, stations, tariffs } from '../../db/schema.js';
import { meterLastPurchase } from '../../db/schema-meter-data.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { saveStamped, type WriteStamp } from '../../kernel/audited-write.js';
import { minorToNumber } from '../../kernel/money.js';
import { auditedSpec, pageRows, readWhere } from '../../kernel/read-query.js';
import type { RowProblems } from '../../kernel/rows.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export const accountSpec = auditedSpec(accounts, {
  sortable: [
    ['customerName', customers.customerName],
    ['customerAddress', customers.address],
    ['meterType', meters.type],
    ['protocolVersion', meters.protocolVersion],
    ['communicationWay', meters.communicationWay],
    'status',
  ],
  defaultOrder: [asc(accounts.customerId), asc(accounts.meterId)],
  // The cashier finds an account by meter, customer id, name or phone.
  search: [
    accounts.customerId,
    customers.customerName,
    accounts.meterId,
    accounts.tariffId,
    accounts.remark,
    customers.phone,
  ],
  station: accounts.stationId,
  filters: {
    contains: ['customerId', 'customerName', 'meterId', 'protocolVersion', 'tariffId', 'ctRatio', 'remark'],
    equals: ['meterType', 'communicationWay'],
  },
});

const columns = {
  a: getTableColumns(accounts),
  customerName: customers.customerName,
  customerAddress: customers.address,
  meterType: meters.type,
  protocolVersion: meters.protocolVersion,
  communicationWay: meters.communicationWay,
  tariffName: tariffs.tariffName,
  /** The head-end's live view of the meter's link: what Online/Offline shows. */
  online: meterLinks.online,
  remainingDebtMinor: debts.remainingDebtMinor,
  /** The meter's change carried forward: what its credit sales not cancelled left over, less what they spent. */
  carriedMinor: sql<string>`(select coalesce(sum(coalesce(carried_out_minor, 0) - coalesce(carried_in_minor, 0)), 0)::text
    from ${tokenRecords} where meter_id = ${accounts.meterId} and kind = 'credit' and status = 0)`,
  lastPurchaseDate: meterLastPurchase.purchaseDate,
  lastPurchasePaidMinor: meterLastPurchase.paidMinor,
};

type Joined = {
  a: typeof accounts.$inferSelect;
  customerName: string | null;
  customerAddress: string | null;
  meterType: number | null;
  protocolVersion: string | null;
  communicationWay: number | null;
  tariffName: string | null;
  online: boolean | null;
  remainingDebtMinor?: number | null;
  carriedMinor?: string | null;
  lastPurchaseDate?: Date | null;
  lastPurchasePaidMinor?: number | null;
};

const moneyOrNull = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : minorToNumber(minor);

export const toAccountRow = (r: Joined): AccountRow => ({
  customerId: r.a.customerId,
  customerName: r.customerName,
  customerAddress: r.customerAddress,
  meterId: r.a.meterId,
  meterType: r.meterType ?? 0,
  protocolVersion: r.protocolVersion,
  communicationWay: r.communicationWay ?? 1,
  tariffId: r.a.tariffId,
  tariffName: r.tariffName,
  ctRatio: r.a.ctRatio,
  status: r.online ?? r.a.status,
  remainingDebt: moneyOrNull(r.remainingDebtMinor),
  carriedChange: moneyOrNull(r.carriedMinor == null ? null : Number(r.carriedMinor)),
  lastPurchaseDate: formatDateTime(r.lastPurchaseDate),
  lastPurchasePaid: moneyOrNull(r.lastPurchasePaidMinor),
  stationId: r.a.stationId,
  remark: r.a.remark,
  ...auditStamps(r.a),
});

/** An account with its customer, meter, tariff and live link: the one join every account read uses. */
function withAccountJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(customers, eq(customers.customerId, accounts.customerId))
    .innerJoin(meters, eq(meters.meterId, accounts.meterId))
    .leftJoin(tariffs, eq(tariffs.tariffId, accounts.tariffId))
    .leftJoin(meterLinks, eq(meterLinks.meterId, accounts.meterId));
}

/** The account's figures before a sale (debt, last purchase) join only the rows read, never the count. */
const joinedRows = (q: Queryable) =>
  withAccountJoins(q.select(columns).from(accounts).$dynamic())
    .leftJoin(debts, eq(debts.customerId, accounts.customerId))
    .leftJoin(meterLastPurchase, eq(meterLastPurchase.meterId, accounts.meterId));

/** The accounts that bind any of the customers (or meters) given: what keeps them from being deleted. */
export function accountsOf(q: Queryable, by: 'customerId' | 'meterId', ids: string[]) {
  return q
    .select({ customerId: accounts.customerId, meterId: accounts.meterId })
    .from(accounts)
    .where(inArray(accounts[by], ids));
}

/** A delete's check that no account binds the rows: a problem, worded by `message`, against each bound id. */
export async function addBoundAccounts(
  q: Queryable,
  problems: RowProblems,
  by: 'customerId' | 'meterId',
  ids: string[],
  message: (account: { customerId: string; meterId: string }) => string,
): Promise<void> {
  const bound = await accountsOf(q, by, ids);
  problems.addLinked(ids, bound, (a) => a[by], message);
}

/** The tariffs among `ids` that any account uses (each once). */
export async function tariffsInUse(q: Queryable, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectDistinct({ id: accounts.tariffId })
    .from(accounts)
    .where(inArray(accounts.tariffId, ids));
  return rows.map((r) => r.id);
}

export async function loadAccounts(q: Queryable, meterIds: string[]): Promise<AccountRow[]> {
  if (!meterIds.length) return [];
  const rows: Joined[] = await joinedRows(q).where(inArray(accounts.meterId, meterIds));
  const byId = new Map(rows.map((r) => [r.a.meterId, r]));
  return meterIds
    .map((id) => byId.get(id))
    .filter((r): r is Joined => r !== undefined)
    .map(toAccountRow);
}

export function accountWhere(req: AccountReadRequest, user: SessionUser, extra: (SQL | undefined)[] = []) {
  return readWhere(accountSpec, req, user, extra);
}

/** Accounts with customer name/address, meter type, protocol and communication way joined. */
export async function readAccounts(q: Queryable, req: AccountReadRequest, user: SessionUser) {
  const where = accountWhere(req, user);
  const counted = q.select({ n: sql<number>`count(*)::int` }).from(accounts).$dynamic();
  const [count] = await withAccountJoins(counted).where(where);
  const rows: Joined[] = await pageRows(joinedRows(q), where, accountSpec, req);
  return { total: Number(count?.n ?? 0), data: rows.map(toAccountRow) };
}

/** The customers, meters and tariffs the rows name, with the station each belongs to. */
export async function loadRelated(tx: Queryable, rows: AccountRequest[], meterIds: string[]) {
  const customerRows = await tx
    .select({ id: customers.customerId, stationId: customers.stationId })
    .from(customers)
    .where(inArray(customers.customerId, [...new Set(rows.map((r) => r.customerId))]));
  const meterRows = await tx
    .select({ id: meters.meterId, stationId: meters.stationId })
    .from(meters)
    .where(inArray(meters.meterId, meterIds));
  const tariffRows = await tx
    .select({ id: tariffs.tariffId, stationId: tariffs.stationId, shared: stations.isSystem })
    .from(tariffs)
    .innerJoin(stations, eq(stations.stationId, tariffs.stationId))
    .where(inArray(tariffs.tariffId, [...new Set(rows.map((r) => r.tariffId))]));
  return { customerRows, meterRows, tariffRows };
}

/** Stores an account (replacing the one of meter `oldMeterId` when given). */
export const saveAccount = (
  q: Queryable,
  stamp: WriteStamp,
  oldMeterId: string | undefined,
  values: Omit<typeof accounts.$inferInsert, 'createId' | 'createDate' | 'updateId' | 'updateDate'>,
) =>
  saveStamped(
    q,
    accounts,
    stamp,
    oldMeterId === undefined ? undefined : eq(accounts.meterId, oldMeterId),
    values,
  );

/** A meter with an account is used; one without is unused again. */
export async function markMetersUsed(q: Queryable, meterIds: string[], used: boolean) {
  await q.update(meters).set({ status: used }).where(inArray(meters.meterId, meterIds));
}

export async function deleteAccount(q: Queryable, meterId: string, customerId: string) {
  await q.delete(accounts).where(and(eq(accounts.meterId, meterId), eq(accounts.customerId, customerId)));
}

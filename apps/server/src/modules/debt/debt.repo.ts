import type { DebtReadRequest, DebtRow } from '@prepay/contracts';
import { asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { customers, debts } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { minorToNumber, toMinor } from '../../kernel/money.js';
import { auditedSpec, pageRows, readWhere } from '../../kernel/read-query.js';
import { auditStamps } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export const debtSpec = auditedSpec(debts, {
  sortable: [
    ['customerName', customers.customerName],
    ['totalDebt', debts.totalDebtMinor],
    ['remainingDebt', debts.remainingDebtMinor],
    ['payDebt', debts.payDebtMinor],
  ],
  defaultOrder: [asc(debts.customerId)],
  search: [debts.customerId, customers.customerName, debts.remark],
  station: debts.stationId,
  filters: { contains: ['customerId', 'customerName', 'remark'] },
});

type Joined = { d: typeof debts.$inferSelect; customerName: string | null };

export const toDebtRow = ({ d, customerName }: Joined): DebtRow => ({
  customerId: d.customerId,
  customerName,
  totalDebt: minorToNumber(d.totalDebtMinor),
  remainingDebt: minorToNumber(d.remainingDebtMinor),
  payDebt: minorToNumber(d.payDebtMinor),
  stationId: d.stationId,
  remark: d.remark,
  ...auditStamps(d),
});

const select = (q: Queryable) =>
  q
    .select({ d: getTableColumns(debts), customerName: customers.customerName })
    .from(debts)
    .leftJoin(customers, eq(customers.customerId, debts.customerId));

export async function loadDebts(q: Queryable, ids: string[]): Promise<DebtRow[]> {
  if (!ids.length) return [];
  return (await select(q).where(inArray(debts.customerId, ids))).map(toDebtRow);
}

export async function readDebts(q: Queryable, req: DebtReadRequest, user: SessionUser) {
  const where = readWhere(debtSpec, req, user, [
    req.totalDebt === null || req.totalDebt === undefined
      ? undefined
      : eq(debts.totalDebtMinor, toMinor(req.totalDebt)),
    req.outstanding ? gt(debts.remainingDebtMinor, 0) : undefined,
  ]);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(debts)
    .leftJoin(customers, eq(customers.customerId, debts.customerId))
    .where(where);
  const total = Number(count?.n ?? 0);
  const rows = await pageRows(select(q), where, debtSpec, req);
  return { total, data: rows.map(toDebtRow) };
}

/** Where debt writes go, and how they are answered and audited. */
export const debtTable = auditedTable(debts, 'Debt', loadDebts, (d) => d.customerId);

/** The stored row a write replaces. */
export const storedDebt = (customerId: string) => eq(debts.customerId, customerId);

/** The station of each of the customers (a debt lives in its customer's station). */
export const customerStations = (q: Queryable, ids: string[]) =>
  q
    .select({ id: customers.customerId, stationId: customers.stationId })
    .from(customers)
    .where(inArray(customers.customerId, ids));

import type { ReadRequestBase } from '@prepay/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { parseDateTime } from '../lib/dates.js';
import { invalid } from '../lib/domain-errors.js';
import type { SessionUser } from '../lib/user-context.js';

/** How one grid maps the common read members (paging, search, sort, date ranges, station) onto a table. */
export interface ReadSpec {
  /** Wire field name → column, for orderBy. Unknown fields are a 400, never raw SQL. */
  sortable: Record<string, PgColumn>;
  defaultOrder: SQL[];
  /** Columns searchTerm matches (contains, case-insensitive). */
  search: PgColumn[];
  createDate?: PgColumn;
  updateDate?: PgColumn;
  /** The station column that scopes non-system users to their own station. */
  station?: PgColumn;
  /**
   * Request fields that filter on their sortable column of the same name: text the column contains
   * (ignoring case), or a value it equals. An empty field filters nothing.
   */
  filters?: { contains?: string[]; equals?: string[] };
}

/** One sortable wire field: named as its table column, or [field, column] where the row renames it or joins it in. */
export type SortField<T extends PgTable> = (keyof T['_']['columns'] & string) | readonly [string, PgColumn];

/** A field and the table column of its name; a field no column bears is a spec mistake, met at start-up. */
function columnEntry(columns: Record<string, PgColumn>, field: string): [string, PgColumn] {
  const column = columns[field];
  if (!column) throw new Error(`read field "${field}" names no column of the table`);
  return [field, column];
}

/**
 * A grid's `sortable` map, its wire fields in order: a field that bears its column's name is listed by
 * name alone, so a spec spells out only what the row renames (successRate ← successRateBp) or joins.
 */
export function sortableBy<T extends PgTable>(
  table: T,
  fields: readonly SortField<T>[],
): Record<string, PgColumn> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  return Object.fromEntries(fields.map((f) => (typeof f === 'string' ? columnEntry(columns, f) : f)));
}

/** The spec of an audited table (see auditedSpec): the fields that sort but do not filter, by SortField. */
export type AuditedSpec<T extends PgTable> = Omit<ReadSpec, 'createDate' | 'updateDate' | 'sortable'> & {
  sortable?: readonly SortField<T>[];
};

/**
 * The spec of a table carrying the common audit columns. Every filter field sorts too, by the column of
 * its name unless `sortable` maps it; both dates are sortable and filter by range, and a station
 * column, when the table is scoped by one, is sortable too.
 */
export function auditedSpec<T extends PgTable & { createDate: PgColumn; updateDate: PgColumn }>(
  table: T,
  spec: AuditedSpec<T>,
): ReadSpec {
  const extra = sortableBy(table, spec.sortable ?? []);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const filtered = [...(spec.filters?.contains ?? []), ...(spec.filters?.equals ?? [])];
  const sortable = {
    ...Object.fromEntries(filtered.filter((f) => !extra[f]).map((f) => columnEntry(columns, f))),
    ...extra,
    ...(spec.station ? { stationId: spec.station } : {}),
  };
  return {
    ...spec,
    sortable: { ...sortable, createDate: table.createDate, updateDate: table.updateDate },
    createDate: table.createDate,
    updateDate: table.updateDate,
  };
}

/** A user's text as a LIKE pattern's literal part. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** "contains, ignoring case" for a text filter; undefined (no condition) when the filter is empty. */
export function contains(column: PgColumn, value: string | null | undefined): SQL | undefined {
  const v = value?.trim();
  return v ? ilike(column, `%${escapeLike(v)}%`) : undefined;
}

export function equals<T>(column: PgColumn, value: T | null | undefined): SQL | undefined {
  return value === null || value === undefined || value === '' ? undefined : eq(column, value);
}

/**
 * "From … to" on a timestamp column, either end open: the conditions of a [from, to] range of wire date-times
 * (an empty end filters nothing).
 */
export function dateTimeRange(
  column: PgColumn | undefined,
  r: readonly (string | null | undefined)[] | null | undefined,
): SQL[] {
  if (!column || !r) return [];
  const out: SQL[] = [];
  if (r[0]) out.push(gte(column, parseDateTime(r[0])));
  if (r[1]) out.push(lte(column, parseDateTime(r[1])));
  return out;
}

function filterColumn(spec: ReadSpec, field: string): PgColumn {
  const column = spec.sortable[field];
  if (!column) throw new Error(`read filter "${field}" names no sortable column`);
  return column;
}

/** The WHERE of a grid read: the common members, the spec's field filters, then what the grid adds. */
export function readWhere(
  spec: ReadSpec,
  req: ReadRequestBase,
  user: SessionUser,
  extra: (SQL | undefined)[] = [],
): SQL | undefined {
  const fields: Record<string, unknown> = req;
  const text = (field: string) => {
    const value = fields[field];
    return typeof value === 'string' ? contains(filterColumn(spec, field), value) : undefined;
  };
  return allOf([
    ...commonConditions(spec, req, user),
    ...(spec.filters?.contains ?? []).map(text),
    ...(spec.filters?.equals ?? []).map((field) => equals(filterColumn(spec, field), fields[field])),
    ...extra,
  ]);
}

/** A row never updated shows its creation as its update (as the original), so it filters the same way. */
function updateRange(spec: ReadSpec, r: ReadRequestBase['updateDateRange']): SQL[] {
  if (!spec.updateDate || !spec.createDate) return dateTimeRange(spec.updateDate, r);
  const updated = allOf([isNotNull(spec.updateDate), ...dateTimeRange(spec.updateDate, r)]);
  const never = allOf([isNull(spec.updateDate), ...dateTimeRange(spec.createDate, r)]);
  const either = r?.[0] || r?.[1] ? or(updated, never) : undefined;
  return either ? [either] : [];
}

/** The station rule: system administrators see every station (or the one they filter on); others only theirs. */
export function stationScope(column: PgColumn | undefined, user: SessionUser, requested?: string | null) {
  if (!column) return [];
  const scope = user.isSystemAdmin ? [] : [eq(column, user.stationId)];
  // Asking for another station narrows to nothing rather than widening.
  return requested ? [...scope, eq(column, requested)] : scope;
}

export function commonConditions(spec: ReadSpec, req: ReadRequestBase, user: SessionUser): SQL[] {
  const term = req.searchTerm?.trim();
  const search =
    term && spec.search.length > 0 ? or(...spec.search.map((c) => contains(c, term))) : undefined;
  return [
    ...(search ? [search] : []),
    ...dateTimeRange(spec.createDate, req.createDateRange),
    ...updateRange(spec, req.updateDateRange),
    ...stationScope(spec.station, user, req.stationId),
  ];
}

/**
 * The common conditions of a read whose rows belong to stations through another table (a payment through
 * its vendor, a message through its meter): the station the user may see (an administrator: the one asked
 * for, or every one) narrows by `ofStation` rather than by a column of the row.
 */
export function conditionsOwnedVia(
  spec: ReadSpec,
  req: ReadRequestBase,
  user: SessionUser,
  ofStation: (stationId: string) => SQL,
): SQL[] {
  const station = user.isSystemAdmin ? req.stationId : user.stationId;
  return [
    ...commonConditions(spec, { ...req, stationId: null }, user),
    ...(station ? [ofStation(station)] : []),
  ];
}

export function orderOf(spec: ReadSpec, orderBy: string | null | undefined): SQL[] {
  if (!orderBy?.trim()) return spec.defaultOrder;
  const [field = '', dir = 'asc'] = orderBy.trim().split(/\s+/);
  const [, column] =
    Object.entries(spec.sortable).find(([k]) => k.toLowerCase() === field.toLowerCase()) ?? [];
  if (!column) {
    throw invalid(`cannot sort by "${field}"`, [
      { path: 'orderBy', message: `sortable fields: ${Object.keys(spec.sortable).join(', ')}` },
    ]);
  }
  // The default order breaks ties so pages never overlap.
  return [dir.toLowerCase() === 'desc' ? desc(column) : asc(column), ...spec.defaultOrder];
}

export function pageOf(req: ReadRequestBase) {
  return { limit: req.pageSize, offset: (req.pageNumber - 1) * req.pageSize };
}

export const allOf = (conds: (SQL | undefined)[]) => and(...conds.filter((c): c is SQL => c !== undefined));

/** Rows matching the condition, for the grid's "Total N". */
export async function countWhere(q: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await q.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.total ?? 0);
}

/** A select a page read narrows, sorts and pages (a joined read's builder, or one table's). */
interface PagedSelect<S> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<S[]> } };
  };
}

/** The rows of one page: `select` narrowed by `where`, in the request's order by `spec`, then paged. */
export function pageRows<S>(
  select: PagedSelect<S>,
  where: SQL | undefined,
  spec: ReadSpec,
  req: ReadRequestBase,
): PromiseLike<S[]> {
  const { limit, offset } = pageOf(req);
  return select
    .where(where)
    .orderBy(...orderOf(spec, req.orderBy))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of a read over `table` through `select` (the table's rows with joined or computed columns): the
 * total, and the sorted and paged rows mapped to the wire shape.
 */
export async function readPage<S, R>(
  q: Queryable,
  table: PgTable,
  select: PagedSelect<S>,
  where: SQL | undefined,
  spec: ReadSpec,
  req: ReadRequestBase,
  map: (row: S) => R,
): Promise<{ total: number; data: R[] }> {
  const total = await countWhere(q, table, where);
  const rows = await pageRows(select, where, spec, req);
  return { total, data: rows.map(map) };
}

/** One page of a single table: total, sorted and paged rows, mapped to the wire shape. */
export function readTable<T extends PgTable, R>(
  q: Queryable,
  table: T,
  where: SQL | undefined,
  spec: ReadSpec,
  req: ReadRequestBase,
  map: (row: T['$inferSelect']) => R,
): Promise<{ total: number; data: R[] }> {
  const select = q.select().from(table as PgTable) as unknown as PagedSelect<T['$inferSelect']>;
  return readPage(q, table, select, where, spec, req, map);
}

/**
 * The page read of a single-table grid: the spec's common and field filters, the request's order, rows
 * mapped to the wire shape.
 */
export function gridPage<T extends PgTable, R>(table: T, spec: ReadSpec, map: (row: T['$inferSelect']) => R) {
  return (q: Queryable, req: ReadRequestBase, user: SessionUser) =>
    readTable(q, table, readWhere(spec, req, user), spec, req, map);
}

/** The rows whose key is one of `ids`, mapped to the wire shape (no ids, no query). */
export async function loadByKeys<T extends PgTable, R>(
  q: Queryable,
  table: T,
  key: PgColumn,
  ids: string[],
  map: (row: T['$inferSelect']) => R,
): Promise<R[]> {
  if (!ids.length) return [];
  const rows = await q
    .select()
    .from(table as PgTable)
    .where(inArray(key, ids));
  return (rows as T['$inferSelect'][]).map(map);
}

/**
 * Runs a report's statements with room to aggregate in memory: a one-month Low Purchase groups one row
 * per purchasing meter (100,000 at utility scale), which spills to disk under the default 4 MB work_mem
 * and costs more than the scan. JIT is off: compiling the expressions of a large plan costs more than it
 * saves for a statement that runs once. Local to the transaction, so nothing else is affected.
 */
export function withReportSettings<T>(
  q: Queryable,
  run: (tx: Queryable) => Promise<T>,
  /** One snapshot for all the report's statements (read only: never a serialization failure). */
  snapshot = false,
): Promise<T> {
  return q.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
      return run(tx);
    },
    snapshot ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );
}

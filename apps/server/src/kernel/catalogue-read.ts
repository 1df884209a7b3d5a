import type { Dlt645TreeNode, ReadRequestBase } from '@prepay/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import type { SessionUser } from '../lib/user-context.js';
import type { Actor } from './audit.js';
import { deleteAudited } from './audited-write.js';
import { groupTree, type LangTexts } from './catalogue-texts.js';
import { contains, type ReadSpec, readTable, readWhere } from './read-query.js';

/** A data-item catalogue's table: rows of a protocol version and item family, named in every language. */
type CatalogueTable = PgTable & { version: PgColumn; type: PgColumn; names: PgColumn };
type CatalogueRow = { version: string; type: number; typeNames: LangTexts; names: LangTexts };

/**
 * The page read of a catalogue grid. Its search also looks in the names of every language, a JSON
 * column the spec's text columns cannot name, so the term is matched here instead of by readWhere.
 */
export function catalogueGrid<T extends CatalogueTable, R>(
  table: T,
  spec: ReadSpec,
  map: (row: T['$inferSelect']) => R,
) {
  return (q: Queryable, req: ReadRequestBase, user: SessionUser) => {
    const term = req.searchTerm?.trim();
    const where = readWhere({ ...spec, search: [] }, { ...req, searchTerm: null }, user, [
      term
        ? or(...spec.search.map((c) => contains(c, term)), sql`${table.names}::text ilike ${`%${term}%`}`)
        : undefined,
    ]);
    return readTable(q, table, where, spec, req, map);
  };
}

/** The items of one version and family in `order`, grouped by their type label: [{id, label, children}]. */
export function catalogueTree<T extends CatalogueTable>(
  table: T,
  order: PgColumn,
  idOf: (row: T['$inferSelect'] & CatalogueRow) => string,
) {
  return async (
    q: Queryable,
    req: { lang: string; version: string; type: number },
  ): Promise<Dlt645TreeNode[]> => {
    const rows = (await q
      .select()
      .from(table as PgTable)
      .where(and(eq(table.version, req.version), eq(table.type, req.type)))
      .orderBy(asc(order))) as (T['$inferSelect'] & CatalogueRow)[];
    return groupTree(rows, req.lang, idOf);
  };
}

/**
 * The catalogue rows of some keys, each a version, a family and the item's own key (`item`, as `itemOf`
 * gives it): what a write loads before and after it.
 */
export function catalogueLoad<T extends CatalogueTable, K extends { version: string; type: number }>(
  table: T,
  item: PgColumn,
  itemOf: (key: K) => string,
) {
  return async (q: Queryable, keys: K[]): Promise<T['$inferSelect'][]> => {
    if (!keys.length) return [];
    const matches = keys.map((k) =>
      and(eq(table.version, k.version), eq(table.type, k.type), eq(item, itemOf(k))),
    );
    return (await q
      .select()
      .from(table as PgTable)
      .where(or(...matches))) as T['$inferSelect'][];
  };
}

/** Deletes catalogue items by their id column and audits them under `title` as the read shows them. */
export function catalogueDelete<I, R>(
  title: string,
  id: PgColumn,
  idOf: (item: I) => number,
  map: (item: I) => R,
) {
  return (q: Queryable, actor: Actor, items: I[]) =>
    deleteAudited(q, actor, title, id, items.map(idOf), items.map(map));
}

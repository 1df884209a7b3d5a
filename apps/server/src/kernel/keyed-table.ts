import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import type { Actor } from './audit.js';
import { auditedTable, deleteAudited, type StampedTable } from './audited-write.js';
import { gridPage, loadByKeys, type ReadSpec } from './read-query.js';

/**
 * A master table whose rows are named by one text column (stations, roles, customers): what its repo
 * says about it, from one declaration — the rows of some keys, a page of its grid, where its audited
 * writes go, the stored row a write replaces, and the audited delete.
 */
export function keyedTable<T extends StampedTable, R>(
  table: T,
  key: PgColumn,
  title: string,
  spec: ReadSpec,
  toRow: (row: T['$inferSelect']) => R,
  keyOf: (row: R) => string,
) {
  const load = (q: Queryable, ids: string[]) => loadByKeys(q, table, key, ids, toRow);
  return {
    load,
    read: gridPage(table, spec, toRow),
    writes: auditedTable(table, title, load, keyOf),
    stored: (id: string) => eq(key, id),
    remove: (q: Queryable, actor: Actor, ids: string[], before: R[]) =>
      deleteAudited(q, actor, title, key, ids, before),
  };
}

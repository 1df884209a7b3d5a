import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { type Actor, auditDeleted } from './audit.js';

/** A table with the common audit columns (db/columns.ts `auditColumns`). */
type StampedTable = PgTable & {
  createId: PgColumn;
  createDate: PgColumn;
  updateId: PgColumn;
  updateDate: PgColumn;
};

/** Who writes and when: the stamp every master-data write puts on the rows it adds or changes. */
export interface WriteStamp {
  userId: string;
  now: Date;
}

/**
 * Stores one master-data row: updates the stored row `stored` selects, stamped as updated, or (no
 * stored row) inserts `key` and `values`, stamped as created. The key is not rewritten on update, so
 * a row matched case-insensitively keeps its stored spelling.
 */
export async function saveStamped<T extends StampedTable>(
  q: Queryable,
  table: T,
  stamp: WriteStamp,
  stored: SQL | undefined,
  values: PgUpdateSetSource<T> & Partial<PgInsertValue<T>>,
  key: Partial<PgInsertValue<T>> = {},
): Promise<void> {
  if (stored) {
    const changes = { ...values, updateId: stamp.userId, updateDate: stamp.now };
    await q
      .update(table)
      .set(changes as PgUpdateSetSource<T>)
      .where(stored);
  } else {
    const row = { ...key, ...values, createId: stamp.userId, createDate: stamp.now };
    await q.insert(table).values(row as PgInsertValue<T>);
  }
}

/**
 * Deletes the rows whose `key` is one of `ids` and writes a 'Delete' audit row for each of `removed`
 * (the checked rows as loaded before); answers `removed`, which is what a delete request returns.
 */
export async function deleteAudited<R>(
  q: Queryable,
  actor: Actor,
  title: string,
  key: PgColumn,
  ids: string[],
  removed: R[],
): Promise<R[]> {
  await q.delete(key.table).where(inArray(key, ids));
  await auditDeleted(q, actor, title, removed);
  return removed;
}

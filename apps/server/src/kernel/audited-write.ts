import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import type { UserContext } from '../lib/user-context.js';
import { type Actor, auditDeleted, auditEach } from './audit.js';

/** A table with the common audit columns (db/columns.ts `auditColumns`). */
export type StampedTable = PgTable & {
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

/** One row of a batch write, as saveStamped takes it. */
export interface StampedSave<T extends StampedTable> {
  stored: SQL | undefined;
  values: PgUpdateSetSource<T> & Partial<PgInsertValue<T>>;
  key?: Partial<PgInsertValue<T>>;
}

/** A master-data table as its batch writes see it: where rows go, the audit title, how rows are answered. */
export interface AuditedTable<T extends StampedTable, K, R> {
  table: T;
  title: string;
  /** The rows as a write answers them, by the keys its request names. */
  load: (q: Queryable, keys: K[]) => Promise<R[]>;
  /** The key `before` maps an answered row by. */
  keyOf: (row: R) => string;
}

/** An AuditedTable, its row type taken from `load` (so `keyOf` needs no annotation). */
export function auditedTable<T extends StampedTable, K, R>(
  table: T,
  title: string,
  load: (q: Queryable, keys: K[]) => Promise<R[]>,
  keyOf: (row: R) => string,
): AuditedTable<T, K, R> {
  return { table, title, load, keyOf };
}

/** One batch write: its action, the moment stamped on its rows, the keys it names, the rows as they were. */
export interface BatchWrite<K, R> {
  action: string;
  now: Date;
  keys: K[];
  before: ReadonlyMap<string, R>;
}

/**
 * The end of a master-data write, inside its transaction: stores each row stamped as the caller's,
 * then reloads the rows and writes one audit row each, with its state before (absent on create).
 * Answers the reloaded rows, which is what a write request returns.
 */
export async function saveAllAudited<T extends StampedTable, K, R>(
  q: Queryable,
  ctx: UserContext,
  target: AuditedTable<T, K, R>,
  write: BatchWrite<K, R>,
  saves: readonly StampedSave<T>[],
): Promise<R[]> {
  const stamp = { userId: ctx.user.userId, now: write.now };
  for (const s of saves) await saveStamped(q, target.table, stamp, s.stored, s.values, s.key);
  const after = await target.load(q, write.keys);
  const what = { title: target.title, action: write.action };
  await auditEach(q, ctx.actor, what, after, (a) => write.before.get(target.keyOf(a)));
  return after;
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
  ids: readonly (string | number)[],
  removed: R[],
): Promise<R[]> {
  await q.delete(key.table).where(inArray(key, ids));
  await auditDeleted(q, actor, title, removed);
  return removed;
}

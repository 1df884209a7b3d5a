import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { UserContext } from '../lib/user-context.js';
import { onDatabase } from '../lib/with-deps.js';
import type { Actor } from './audit.js';
import type { AuditedTable, StampedTable } from './audited-write.js';
import { type BatchPlan, type BatchRequest, batchWriter } from './batch-write.js';
import { assertAllStored, checkEach, checkTarget } from './rows.js';
import { assertSystemAdmin } from './station-guard.js';

/** How one data-item catalogue (DL/T 645, DLMS) loads, checks and stores its rows. */
export interface CatalogueDef<L, K, I, V, R> {
  /** Who may change it: the catalogue is shared by every station. */
  adminOnly: string;
  load: (q: Queryable, keys: K[]) => Promise<I[]>;
  keyOf: (k: K | I) => string;
  /** What a write stores for a row, keeping what an update leaves out. */
  values: (r: L, old: I | undefined) => V;
  /** A row's own rule beyond the schema's; `problem` refuses it. */
  check?: (r: L, v: V, problem: (message: string) => void) => void;
  stored: (old: I) => SQL;
  key: (r: L) => Record<string, unknown>;
  toRow: (i: I) => R;
  remove: (q: Queryable, actor: Actor, items: I[]) => Promise<R[]>;
}

/** A catalogue's batch-write plan: every row checked against what is stored, one bad row refuses all. */
export function cataloguePlan<T extends StampedTable, L extends K, K, I, V, R>(
  def: CatalogueDef<L, K, I, V, R>,
) {
  return async (tx: Queryable, { rows, action, labels }: BatchRequest<L, K>): Promise<BatchPlan<T, R>> => {
    const items = new Map((await def.load(tx, rows)).map((i) => [def.keyOf(i), i]));
    checkEach(
      rows,
      labels,
      (r) => `data item ${def.keyOf(r)}`,
      (r, problem) => {
        const old = items.get(def.keyOf(r));
        checkTarget(action, old, problem);
        def.check?.(r, def.values(r, old), problem);
      },
    );
    const saves = rows.map((r) => {
      const old = items.get(def.keyOf(r));
      return { stored: old && def.stored(old), values: def.values(r, old), key: def.key(r) };
    });
    const before = new Map([...items.values()].map((b) => [def.keyOf(b), def.toRow(b)]));
    return { before, saves } as unknown as BatchPlan<T, R>;
  };
}

/** A catalogue's delete: every named row must be stored, all go in one audited transaction. */
export function catalogueRemover<L, K, I, V, R>(def: CatalogueDef<L, K, I, V, R>) {
  return (deps: Deps, ctx: UserContext, keys: K[]): Promise<R[]> => {
    assertSystemAdmin(ctx.user, def.adminOnly);
    return deps.database.db.transaction(async (tx) => {
      const before = await def.load(tx, keys);
      assertAllStored(keys.map(def.keyOf), before.map(def.keyOf), 'data item');
      return def.remove(tx, ctx.actor, before);
    });
  };
}

/** A catalogue's batch write into `target`: system administrators only, each line keyed as the catalogue keys it. */
export function catalogueWriter<T extends StampedTable, L extends K, K, I, V, R>(
  target: AuditedTable<T, K, R>,
  def: CatalogueDef<L, K, I, V, R>,
) {
  return batchWriter({
    target,
    allowed: (user) => assertSystemAdmin(user, def.adminOnly),
    keyOf: (r: L) => def.keyOf(r),
    keysOf: (rows) => rows,
    plan: cataloguePlan<T, L, K, I, V, R>(def),
  });
}

/**
 * A catalogue service's steps (for withDeps): its grid read and tree read on the database, and its
 * admin-only batch write into `target` and delete.
 */
export function catalogueSteps<
  T extends StampedTable,
  L extends K,
  K,
  I,
  V,
  R,
  A extends unknown[],
  B extends unknown[],
  P,
  Q,
>(
  target: AuditedTable<T, K, R>,
  def: CatalogueDef<L, K, I, V, R>,
  read: (q: Queryable, ...args: A) => P,
  tree: (q: Queryable, ...args: B) => Q,
) {
  return {
    read: onDatabase(read),
    tree: onDatabase(tree),
    write: catalogueWriter(target, def),
    remove: catalogueRemover(def),
  };
}

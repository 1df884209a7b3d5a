import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { SessionUser, UserContext } from '../lib/user-context.js';
import { type AuditedTable, type StampedSave, type StampedTable, saveAllAudited } from './audited-write.js';
import {
  assertNoDuplicateKeys,
  checkEach,
  checkWriteTarget,
  keepEach,
  loadAndPlace,
  type RowLabels,
  type WriteAction,
} from './rows.js';

/** One batch write as its plan sees it: who asks, the rows, what they do, how errors name them. */
export interface BatchRequest<L, K> {
  ctx: UserContext;
  rows: L[];
  /** The keys the written rows are loaded by, in the rows' order. */
  keys: K[];
  action: WriteAction;
  labels: RowLabels;
}

/** What a plan decided: the rows as they were (by the table's `keyOf`), and what to store for each. */
export interface BatchPlan<T extends StampedTable, R> {
  before: ReadonlyMap<string, R>;
  saves: readonly StampedSave<T>[];
}

/** How one master-data table is written (create, import, update). */
export interface BatchWriteDef<T extends StampedTable, K, R, L> {
  target: AuditedTable<T, K, R>;
  /** Checked before anything else: who may write the table at all. */
  allowed?: (user: SessionUser) => void;
  /** A row's key as the request names it: a key sent twice refuses the request. */
  keyOf: (row: L) => string;
  /** How a repeated key is refused; by default ignoring case, naming each line (assertNoDuplicateKeys). */
  uniqueKeys?: (keys: string[], labels: RowLabels) => void;
  /** The keys the written rows are loaded by afterwards; by default each row's keyOf. */
  keysOf?: (rows: L[]) => K[];
  /** Inside the transaction: checks the rows (one bad row refuses the batch) and says what to store. */
  plan: (tx: Queryable, req: BatchRequest<L, K>) => Promise<BatchPlan<T, R>>;
}

/** A batch writer, bound to the app's dependencies by withDeps. */
export type BatchWriter<L, R> = (
  deps: Deps,
  ctx: UserContext,
  rows: L[],
  action: WriteAction,
  labels?: RowLabels,
  /** A caller's open transaction: the write then joins it (as a savepoint), landing or failing with it. */
  within?: Queryable,
) => Promise<R[]>;

/**
 * A master-data table's write step: the caller and the keys are checked, then in one transaction the
 * table's plan checks the rows and each row is stored, stamped and audited (saveAllAudited). Answers
 * the rows as stored, which is what a write request returns. Without `keysOf`, rows reload by keyOf.
 */
export function batchWriter<T extends StampedTable, R, L>(
  def: BatchWriteDef<T, string, R, L> & { keysOf?: undefined },
): BatchWriter<L, R>;
export function batchWriter<T extends StampedTable, K, R, L>(
  def: BatchWriteDef<T, K, R, L> & { keysOf: (rows: L[]) => K[] },
): BatchWriter<L, R>;
export function batchWriter<T extends StampedTable, K, R, L>(
  def: BatchWriteDef<T, K | string, R, L>,
): BatchWriter<L, R> {
  const uniqueKeys = def.uniqueKeys ?? assertNoDuplicateKeys;
  const keysOf = def.keysOf ?? ((rows: L[]) => rows.map(def.keyOf));
  return (deps, ctx, rows, action, labels, within) => {
    def.allowed?.(ctx.user);
    uniqueKeys(rows.map(def.keyOf), labels);
    const keys = keysOf(rows);
    return (within ?? deps.database.db).transaction(async (tx) => {
      const { before, saves } = await def.plan(tx, { ctx, rows, keys, action, labels });
      const write = { action, now: deps.clock.now(), keys, before };
      return saveAllAudited(tx, ctx, def.target, write, saves);
    });
  };
}

/** A station-scoped batch as its plan sees it: the stored rows by key, and each row placed in its station. */
export type StationBatch<L, R> = BatchRequest<L, string> & {
  before: ReadonlyMap<string, R>;
  placed: (Omit<L, 'stationId'> & { stationId: string })[];
  /**
   * Checks every line (checkEach), named "<what> <key>": its target may be written by the user
   * (checkWriteTarget), and `more` adds the table's own problems to the same line.
   */
  checkLines: (more?: (row: L, problem: (message: string) => void, i: number) => void) => void;
};

/**
 * The write step of a station-scoped table keyed by `field` (customers, gateways): the stored rows are
 * loaded and every row placed in its station (loadAndPlace) before `plan` checks them and says what to
 * store for each. `what` names a line in problems ("gateway G1: not found").
 */
export function stationRowsWriter<
  F extends string,
  T extends StampedTable,
  R extends Record<F, string> & { stationId: string },
  L extends Record<F, string> & { stationId?: string | null },
>(
  target: AuditedTable<T, string, R>,
  field: F,
  what: string,
  plan: (tx: Queryable, batch: StationBatch<L, R>) => Promise<readonly StampedSave<T>[]>,
): BatchWriter<L, R> {
  return batchWriter({
    target,
    keyOf: (row: L) => row[field],
    plan: async (tx, req) => {
      const { before, placed } = await loadAndPlace(tx, req.ctx.user, req.rows, field, target.load);
      const checkLines: StationBatch<L, R>['checkLines'] = (more) =>
        checkEach(
          req.rows,
          req.labels,
          (r) => `${what} ${r[field]}`,
          (r, problem, i) => {
            checkWriteTarget(req.ctx.user, req.action, before.get(r[field]), problem);
            more?.(r, problem, i);
          },
        );
      return { before, saves: await plan(tx, { ...req, before, placed, checkLines }) };
    },
  });
}

/**
 * The plan of a station-scoped table whose lines hold nothing beyond their key `field`, their station and
 * `fields` that keep the stored value when left out (gateways, feeders): each line is checked only for
 * whether the user may write it, and stored by its key (`stored` finds the row it replaces).
 */
export function keptFieldSaves<
  F extends string,
  P extends Record<F, string> & { stationId: string },
  R extends { stationId: string },
  K extends keyof P & keyof R,
>(
  batch: { before: ReadonlyMap<string, R>; placed: P[]; checkLines: () => void },
  field: F,
  fields: readonly K[],
  stored: (key: string) => SQL,
) {
  batch.checkLines();
  return batch.placed.map((r) => {
    const old = batch.before.get(r[field]);
    const values = { ...keepEach(r, old, fields), stationId: r.stationId };
    const key = { [field]: r[field] } as { [k in F]: P[F] };
    return { stored: old && stored(r[field]), values, key };
  });
}

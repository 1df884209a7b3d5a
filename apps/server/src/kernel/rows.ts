import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { stations } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { notFound, refuse } from '../lib/domain-errors.js';
import { duplicateKeys } from '../lib/duplicates.js';
import type { SessionUser, UserContext } from '../lib/user-context.js';
import { type AuditedTable, deleteAudited, type StampedTable } from './audited-write.js';
import { assertStation } from './station-guard.js';

export type WriteAction = 'Create' | 'Update' | 'Import';

/**
 * How a write names its rows in errors: "line 2" for a JSON array, "row 5" (the spreadsheet row) for
 * an import file. Every error of a batch is collected, so one answer lists every bad row.
 */
export type RowLabels = readonly string[] | undefined;
export const labelOf = (labels: RowLabels, i: number) => labels?.[i] ?? `line ${i + 1}`;

export class RowProblems {
  private readonly list: string[] = [];
  add(labels: RowLabels, i: number, message: string) {
    this.list.push(`${capitalise(labelOf(labels, i))}: ${message}`);
  }
  get size() {
    return this.list.length;
  }
  /** Delete requests: "<what> <id>: not found" against each requested id no stored row has. */
  addMissing(ids: readonly string[], found: readonly string[], what: string) {
    ids.forEach((id, i) => {
      if (!found.includes(id)) this.add(undefined, i, `${what} ${id}: not found`);
    });
  }
  /** Delete requests: a problem against the requested id each still-linked row points at. */
  addLinked<L>(
    ids: readonly string[],
    links: readonly L[],
    idOf: (link: L) => string,
    message: (link: L) => string,
  ) {
    for (const l of links) this.add(undefined, ids.indexOf(idOf(l)), message(l));
  }
  /** Refuses the whole batch when any row had a problem (first 50 listed). */
  throwIfAny(prefix = 'Nothing was saved'): void {
    if (!this.list.length) return;
    const shown = this.list.slice(0, 50);
    const more = this.list.length > shown.length ? `; … and ${this.list.length - shown.length} more` : '';
    throw refuse(`${prefix}. ${shown.join('; ')}${more}`);
  }
}
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Checks every row of a batch: `check` reports through `problem`, which names the row ("Line 2:
 * gateway G1: not found"), and the whole batch is refused if any row had a problem. Answers what
 * `check` answers for each row, in order.
 */
export function checkEach<R, V>(
  rows: readonly R[],
  labels: RowLabels,
  nameOf: (row: R) => string,
  check: (row: R, problem: (message: string) => void, i: number) => V,
): V[] {
  const problems = new RowProblems();
  const checked = rows.map((r, i) => check(r, (m) => problems.add(labels, i, `${nameOf(r)}: ${m}`), i));
  problems.throwIfAny();
  return checked;
}

/**
 * A written row's target: create and import add rows that are not stored yet, update changes a
 * stored row, which must lie in the caller's stations.
 */
export function checkWriteTarget(
  user: SessionUser,
  action: WriteAction,
  old: { stationId: string } | undefined,
  problem: (message: string) => void,
): void {
  checkTarget(action, old, problem);
  if (old && action === 'Update') assertStation(user, old.stationId);
}

/** Create and import add rows that are not stored yet; update changes a stored row. */
export function checkTarget(action: WriteAction, old: unknown, problem: (message: string) => void): void {
  if (action === 'Update' && !old) problem('not found');
  if (action !== 'Update' && old) problem('already exists');
}

/** A delete's first checks: every requested id is stored, and each stored row lies in the caller's stations. */
export function checkDeletable<R extends { stationId: string }>(
  user: SessionUser,
  ids: readonly string[],
  before: readonly R[],
  idOf: (row: R) => string,
  what: string,
): RowProblems {
  const problems = new RowProblems();
  problems.addMissing(ids, before.map(idOf), what);
  for (const b of before) assertStation(user, b.stationId);
  return problems;
}

/**
 * A delete's first check where every missing id must be named before any station is checked: the
 * whole request is refused unless each requested id is stored.
 */
export function assertAllStored(ids: readonly string[], found: readonly string[], what: string): void {
  const problems = new RowProblems();
  problems.addMissing(ids, found, what);
  problems.throwIfAny('Nothing was deleted');
}

/**
 * The delete step of a station-scoped table, in one transaction: every id must be stored (all missing
 * ones named, 400) before any row's station is checked (403); answers the rows as they were. `field`
 * names the key alike in the delete request, the row and the table; `what` names a row in errors
 * ("gateway"); `normalise` matches a requested id to stored ones (gateway ids are stored upper-case).
 */
export function stationRowsRemover<
  F extends string,
  T extends StampedTable & Record<F, PgColumn>,
  R extends Record<F, string> & { stationId: string },
>(target: AuditedTable<T, string, R>, field: F, what: string, normalise?: (id: string) => string) {
  const idOf = (k: Record<F, string>) => normalise?.(k[field]) ?? k[field];
  return (deps: Deps, ctx: UserContext, keys: Record<F, string>[]): Promise<R[]> => {
    const ids = [...new Set(keys.map(idOf))];
    return deps.database.db.transaction(async (tx) => {
      const before = await target.load(tx, ids);
      assertAllStored(
        ids,
        before.map((b) => b[field]),
        what,
      );
      for (const b of before) assertStation(ctx.user, b.stationId);
      return deleteAudited(tx, ctx.actor, target.title, target.table[field], ids, before);
    });
  };
}

/**
 * The delete step of a station-scoped table whose rows others may still point at (customers and meters,
 * which accounts bind), in one transaction: each requested id must be stored and in the caller's
 * stations, and `addLinks` adds a problem for each row still pointed at. Any problem refuses the whole
 * delete, every one named; answers the rows as they were.
 */
export function linkedRowsRemover<
  F extends string,
  T extends StampedTable & Record<F, PgColumn>,
  R extends Record<F, string> & { stationId: string },
>(
  target: AuditedTable<T, string, R>,
  field: F,
  what: string,
  addLinks: (q: Queryable, problems: RowProblems, ids: string[]) => Promise<void>,
) {
  return (deps: Deps, ctx: UserContext, keys: Record<F, string>[]): Promise<R[]> => {
    const ids = [...new Set(keys.map((k) => k[field]))];
    return deps.database.db.transaction(async (tx) => {
      const before = await target.load(tx, ids);
      const problems = checkDeletable(ctx.user, ids, before, (b) => b[field], what);
      await addLinks(tx, problems, ids);
      problems.throwIfAny('Nothing was deleted');
      return deleteAudited(tx, ctx.actor, target.title, target.table[field], ids, before);
    });
  };
}

/**
 * A whole-batch check for tables whose writes are refused as one (stations, roles): create and
 * import refuse ids already stored, update answers not found for ids that are not.
 */
export function assertBatchTargets(
  action: WriteAction,
  ids: readonly string[],
  found: readonly string[],
  what: string,
): void {
  if (action !== 'Update' && found.length) throw refuse(`${what} already exists: ${found.join(', ')}`);
  if (action === 'Update' && found.length !== ids.length) {
    throw notFound(`${what} ${ids.filter((id) => !found.includes(id)).join(', ')}`);
  }
}

/**
 * A whole-batch write's stored rows (see assertBatchTargets), by key: none for create and import,
 * every one named for update.
 */
export async function loadBatchTargets<T extends StampedTable, R>(
  q: Queryable,
  target: AuditedTable<T, string, R>,
  ids: string[],
  action: WriteAction,
  what: string,
): Promise<Map<string, R>> {
  const stored = await target.load(q, ids);
  assertBatchTargets(action, ids, stored.map(target.keyOf), what);
  return new Map(stored.map((r) => [target.keyOf(r), r]));
}

/**
 * The stored rows of every id a delete names, in one read; an id not stored answers not found (`what`)
 * and changes nothing.
 */
export async function loadEvery<R>(
  q: Queryable,
  target: { load: (q: Queryable, ids: string[]) => Promise<R[]> },
  ids: string[],
  what: string,
): Promise<R[]> {
  const stored = await target.load(q, ids);
  if (stored.length !== new Set(ids).size) throw notFound(what);
  return stored;
}

/** Keys repeated in one request (exactly as sent): the whole request is refused, naming them. */
export function assertUniqueKeys(keys: string[]): void {
  const dup = duplicateKeys(keys);
  if (dup.length) throw refuse(`The request has duplicate lines: ${dup.join(', ')}`);
}

/** Keys repeated in one request: the whole request is refused. */
export function assertNoDuplicateKeys(keys: string[], labels: RowLabels): void {
  const dup = new Set(duplicateKeys(keys).map((k) => k.toLowerCase()));
  if (!dup.size) return;
  const where = keys
    .map((k, i) => (dup.has(k.toLowerCase()) ? `${labelOf(labels, i)} (${k})` : null))
    .filter(Boolean);
  throw refuse(`The request has duplicate lines: ${where.join(', ')}`);
}

/**
 * The station each row is written to: the one it names, else `fallback` (the stored row's), else
 * the caller's; a user who is not a system administrator may only name their own, and the station
 * must exist. Returns the rows with `stationId` resolved, in order.
 */
export async function stationsFor<R extends { stationId?: string | null }>(
  q: Queryable,
  user: SessionUser,
  rows: readonly R[],
  fallback: (row: R) => string | null | undefined,
): Promise<(Omit<R, 'stationId'> & { stationId: string })[]> {
  const placed = rows.map((r) => ({
    ...r,
    stationId: (r.stationId ?? fallback(r))?.trim() || user.stationId,
  }));
  const unique = [...new Set(placed.map((r) => r.stationId))];
  for (const s of unique) assertStation(user, s);
  await assertStationsExist(q, unique);
  return placed;
}

/** Every station named must exist; the missing ones are listed once each. */
export async function assertStationsExist(q: Queryable, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await q
    .select({ id: stations.stationId })
    .from(stations)
    .where(inArray(stations.stationId, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw refuse(`Station not found: ${missing.join(', ')}`);
}

/**
 * A station-scoped write's start: the stored rows the batch names, by their `field` key, and each
 * row placed in its station (see stationsFor; an update keeps the stored row's station by default).
 */
export async function loadAndPlace<
  F extends string,
  R extends Record<F, string> & { stationId?: string | null },
  S extends Record<F, string> & { stationId: string },
>(
  q: Queryable,
  user: SessionUser,
  rows: readonly R[],
  field: F,
  load: (q: Queryable, ids: string[]) => Promise<S[]>,
) {
  const stored = await load(
    q,
    rows.map((r) => r[field]),
  );
  const before = new Map<string, S>(stored.map((s) => [s[field], s]));
  const placed = await stationsFor(q, user, rows, (r) => before.get(r[field])?.stationId);
  return { before, placed };
}

/** `v` when given, else the stored value (update keeps what the body leaves out). */
export const keep = <T>(v: T | undefined, old: T): T => (v === undefined ? old : v);

/** Each of `fields` as `keep` leaves it, null when neither the body nor the stored row has one. */
export type Kept<B, O, K extends keyof B & keyof O> = {
  [P in K]: Exclude<B[P], undefined> | NonNullable<O[P]> | null;
};

/**
 * For each of `fields`, the body's value when given, else the stored one, else null: an update keeps
 * what the body leaves out, and an optional field nobody set is stored as null.
 */
export function keepEach<B extends object, O extends object, K extends keyof B & keyof O>(
  body: B,
  old: O | undefined,
  fields: readonly K[],
): Kept<B, O, K> {
  return Object.fromEntries(fields.map((f) => [f, keep<unknown>(body[f], old?.[f] ?? null) ?? null])) as Kept<
    B,
    O,
    K
  >;
}

import { StsError } from '@prepay/sts';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { DomainError, forbidden, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { loadVendContext, lockMeterTokenState, type VendContext } from './vending.repo.js';

/** The meter, its account, customer and tariff — or the reason a token cannot be sold to it. */
export async function requireVendable(q: Queryable, ctx: UserContext, meterId: string) {
  return vendableOf(ctx, meterId, await loadVendContext(q, meterId, ctx.user.userId));
}

/** What a loaded vend context allows: the reason a token cannot be sold, or the parts a vend uses. */
export function vendableOf(
  ctx: UserContext,
  meterId: string,
  c: Pick<VendContext, 'meter' | 'account' | 'customer' | 'tariff'> | undefined,
) {
  if (!c) throw refuse(`Meter ${meterId} not found`);
  if (!ctx.user.isSystemAdmin && c.meter.stationId !== ctx.user.stationId) {
    throw forbidden(`Meter ${meterId} belongs to another station`);
  }
  if (!c.account || !c.customer) throw refuse(`Meter ${meterId} has no account: bind it to a customer first`);
  if (!c.tariff) throw refuse(`The account of meter ${meterId} has no tariff`);
  return { meter: c.meter, account: c.account, customer: c.customer, tariff: c.tariff };
}

export type Vendable = ReturnType<typeof vendableOf>;

/** What every token record copies from the meter's account at issue time. */
export function recordOfAccount(v: Vendable) {
  return {
    meterId: v.meter.meterId,
    meterType: v.meter.type,
    customerId: v.customer.customerId,
    customerName: v.customer.customerName,
    customerAddress: v.customer.address,
    tariffId: v.tariff.tariffId,
    tariffName: v.tariff.tariffName,
    stationId: v.meter.stationId,
  };
}

/** The engine's typed errors (expired key, TID past the base date, bad value) become a clear refusal. */
export function stsRefusal(err: unknown): Error {
  if (err instanceof StsError) return refuse(err.message);
  return err instanceof Error ? err : new Error(String(err));
}

/** The SQLSTATE of a database error, whichever driver raised it (drizzle wraps the driver's error). */
function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (e instanceof DomainError) return undefined;
  }
  return undefined;
}

/** A unique-constraint violation (two requests with one idempotency key). */
export function uniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

/**
 * The optimistic vend lost a race (another vend took the meter's TID, the debt or the quota moved) or the
 * database broke a deadlock: nothing was written, and reading, pricing and writing again is safe.
 */
export function vendConflict(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state === '40001' || state === '40P01';
}

/** How a vend that keeps losing races for its meter is given up: after so many tries, with this error. */
export interface TakingTurns {
  attempts: number;
  busy: (lastConflict: unknown) => unknown;
}

/**
 * `run` in a transaction behind the meter's TID lock, so vends crowding one meter take turns; tried
 * again while it still loses a race (a moved debt or quota, shared with other meters can still move).
 */
export async function behindMeterLock<T>(
  db: Db,
  meterId: string,
  turns: TakingTurns,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockMeterTokenState(tx, meterId);
        return run(tx);
      });
    } catch (err) {
      if (!vendConflict(err)) throw err;
      if (attempt >= turns.attempts) throw turns.busy(err);
    }
  }
}

/** `first` as it is (no transaction); after a lost race, which wrote nothing, `locked` behind the meter's lock. */
export async function firstThenBehindLock<T>(
  db: Db,
  meterId: string,
  turns: TakingTurns,
  first: () => Promise<T>,
  locked: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await first();
  } catch (err) {
    if (!vendConflict(err)) throw err;
  }
  return behindMeterLock(db, meterId, turns, locked);
}

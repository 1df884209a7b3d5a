import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { accounts, feeders, meters, transformers } from '../db/schema.js';
import type { NewDailyRow } from '../modules/meter-data/index.js';

/**
 * Theft planted in the demo's history, so the revenue-protection findings have something true to find on
 * the first start. `percent` of the read electricity meters steal: half of them bypassed (part of the load
 * wired round the meter, which registers `bypassRegisters` of what is used), a quarter tampered (a magnet
 * or an opened cover on the day it starts, then `tamperRegisters` registered), a quarter zero buyers
 * (they stop buying and keep consuming past their credit). Each starts `fromBack` days before the last day.
 * The meters hang under transformers whose check meters register the real load.
 */
export const DEMO_THEFT = {
  percent: 20,
  bypassRegisters: 0.35,
  tamperRegisters: 0.4,
  /**
   * The first day of theft, in days before the history's last day (a spread per meter below it): a bypass
   * or a tamper starts within the last 30 days (the findings' default window, where the drop shows), a
   * zero buyer's last purchase is older than that window.
   */
  fromBack: 29,
  zeroBuyerFromBack: 45,
  /** Customer meters per transformer. */
  perTransformer: 7,
} as const;

export type TheftKind = 'bypass' | 'tamper' | 'zeroBuyer';
export interface PlantedTheft {
  meterId: string;
  kind: TheftKind;
  /** Theft runs from this many days before the last day (inclusive) to the end. */
  fromBack: number;
}

/** What a meter registers of what it used on a day `back` days before the end. */
export function registered(theft: PlantedTheft | undefined, back: number, used: number): number {
  if (!theft || back > theft.fromBack) return used;
  if (theft.kind === 'bypass') return Math.floor(used * DEMO_THEFT.bypassRegisters);
  if (theft.kind === 'tamper') return Math.floor(used * DEMO_THEFT.tamperRegisters);
  return used;
}

/** A theft that makes the customer use energy whatever the credit says (a zero buyer's relay is bridged). */
export const usesPastCredit = (theft: PlantedTheft | undefined, back: number) =>
  theft !== undefined && back <= theft.fromBack;

/** A zero buyer stops buying once the theft starts. */
export const stopsBuying = (theft: PlantedTheft | undefined, back: number) =>
  theft?.kind === 'zeroBuyer' && back <= theft.fromBack;

/** A tampered meter reports the event on the day it starts. */
export const tamperFlagged = (theft: PlantedTheft | undefined, back: number) =>
  theft?.kind === 'tamper' && back === theft.fromBack;

/**
 * The meters that steal, chosen from the read meters by a fixed stride so every demo database plants the
 * same ones; `skip` (a meter that goes silent on its own) is never chosen.
 */
export function plantTheft(
  meterIds: string[],
  percent: number,
  skip: (i: number) => boolean,
): PlantedTheft[] {
  const count = Math.round((meterIds.length * Math.max(0, Math.min(100, percent))) / 100);
  const candidates = meterIds.map((id, i) => ({ id, i })).filter((m) => !skip(m.i));
  const stride = count > 0 ? Math.max(1, Math.floor(candidates.length / count)) : 1;
  const chosen = candidates.filter((_, k) => k % stride === 1 % stride).slice(0, count);
  return chosen.map((m, k) => {
    const kind: TheftKind = k % 4 === 1 ? 'tamper' : k % 4 === 3 ? 'zeroBuyer' : 'bypass';
    const start = kind === 'zeroBuyer' ? DEMO_THEFT.zeroBuyerFromBack : DEMO_THEFT.fromBack;
    return { meterId: m.id, kind, fromBack: start - (k % 5) * 2 };
  });
}

export interface DemoTransformer {
  transformerId: string;
  feederId: string;
  stationId: string;
  checkMeterId: string;
  meterIds: string[];
}

/** Meters of a station no account binds: they stand at the transformers as check meters. */
async function spareMeters(db: Db, stationId: string, n: number) {
  const rows = await db
    .select({ meterId: meters.meterId })
    .from(meters)
    .leftJoin(accounts, eq(accounts.meterId, meters.meterId))
    .where(and(eq(meters.stationId, stationId), eq(meters.type, 0), isNull(accounts.meterId)))
    .orderBy(asc(meters.meterId))
    .limit(n);
  return rows.map((r) => r.meterId);
}

/** The read meters of each station, in groups of `perTransformer`, each group under one transformer. */
export async function demoNetwork(db: Db, read: { meterId: string; stationId: string }[]) {
  const byStation = new Map<string, string[]>();
  for (const m of read) byStation.set(m.stationId, [...(byStation.get(m.stationId) ?? []), m.meterId]);
  const out: DemoTransformer[] = [];
  for (const [stationId, ids] of byStation) {
    const groups = Math.max(1, Math.round(ids.length / DEMO_THEFT.perTransformer));
    const checks = await spareMeters(db, stationId, groups);
    checks.forEach((checkMeterId, g) => {
      out.push({
        transformerId: `TX-${stationId}-${g + 1}`,
        feederId: `FD-${stationId}`,
        stationId,
        checkMeterId,
        meterIds: ids.filter((_, i) => i % checks.length === g),
      });
    });
  }
  return out;
}

/**
 * A check meter's daily rows: each day, what every meter under it really used (`used`, by meter, oldest day
 * first), registered as its own consumption. It buys nothing and never runs out of credit.
 */
export function checkMeterDays(
  t: DemoTransformer,
  days: string[],
  used: Map<string, number[]>,
): NewDailyRow[] {
  let total = 0;
  return days.map((currentDate, d) => {
    const usage = t.meterIds.reduce((sum, id) => sum + (used.get(id)?.[d] ?? 0), 0);
    total += usage;
    return {
      meterId: t.checkMeterId,
      currentDate,
      stationId: t.stationId,
      usage1: usage,
      usage2: 0,
      total1: total,
      total2: 0,
      relayOpen: false,
      batteryLow: false,
      magneticInterference: false,
      terminalCoverOpen: false,
      coverOpen: false,
      source2Activated: false,
      currentReverse: false,
      currentUnbalance: false,
      status: false,
      source: 'seed',
    };
  });
}

/** The feeders and transformers, and each read meter's transformer. */
export async function saveNetwork(tx: Tx, network: DemoTransformer[], createDate: Date) {
  const stamp = { createId: 'system', createDate };
  const feederIds = [...new Set(network.map((t) => t.feederId))];
  if (!feederIds.length) return;
  await tx
    .insert(feeders)
    .values(
      feederIds.map((feederId) => ({
        feederId,
        feederName: `${feederId.slice(3)} 11 kV`,
        stationId: network.find((t) => t.feederId === feederId)?.stationId ?? '',
        ...stamp,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(transformers)
    .values(
      network.map((t) => ({
        transformerId: t.transformerId,
        transformerName: `${t.stationId} pole ${t.transformerId.split('-').at(-1)}`,
        feederId: t.feederId,
        checkMeterId: t.checkMeterId,
        capacityKva: 100,
        stationId: t.stationId,
        ...stamp,
      })),
    )
    .onConflictDoNothing();
  for (const t of network)
    await tx
      .update(meters)
      .set({ transformerId: t.transformerId })
      .where(inArray(meters.meterId, t.meterIds));
}

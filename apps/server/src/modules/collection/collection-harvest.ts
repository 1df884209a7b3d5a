import { TaskStatus } from '@prepay/contracts';
import type { Db } from '../../db/client.js';
import { addHours, localTime } from '../../lib/dates.js';
import {
  readingTables,
  saveDailyRows,
  saveHourlyRows,
  saveMonthlyRows,
  saveWaterRows,
} from '../meter-data/index.js';
import { loadTasks, type TaskRecord } from '../remote-task/index.js';
import * as repo from './collection.repo.js';
import { addDays, addMonths } from './collection-days.js';
import { CollectionDataError, type DoneTask, hourlyRow, periodRow, waterRow } from './collection-rows.js';

/** What harvesting needs from the scheduler: the database and when a failed period is tried again. */
export interface HarvestDeps {
  db: Db;
  retryAt: (now: Date) => Date;
}

/** DL/T 645 error word bit 1: "no data requested" — the meter has no such record. */
export function noData(reason: string | null): boolean {
  const word = /^meter error ([0-9A-F]{2})/i.exec(reason ?? '')?.[1];
  return word !== undefined && (Number.parseInt(word, 16) & 0x02) !== 0;
}

/** "No data requested" means the meter has no such record (installed later): nothing to retry. */
async function failJob(h: HarvestDeps, job: repo.CollectionJob, reason: string, now: Date) {
  const none = noData(reason);
  await repo.finishJob(h.db, job.id, none ? 'nodata' : 'failed', reason, now, none ? null : h.retryAt(now));
}

async function storeHourly(db: Db, job: repo.CollectionJob, done: Record<string, DoneTask>, now: Date) {
  const at = localTime(job.period, job.hour);
  const before = await repo.storedHourTotal(db, job.meterId, addHours(at, -1));
  const row = hourlyRow(job, done, at, before);
  await db.transaction(async (tx) => {
    await saveHourlyRows(tx, [row]);
    await repo.finishJob(tx, job.id, 'done', null, now);
  });
}

/** A finished job's row, in the table of its meter type and period, and the job done, together. */
async function store(
  db: Db,
  job: repo.CollectionJob,
  meterType: number | undefined,
  done: Record<string, DoneTask>,
  now: Date,
) {
  if (job.kind === 'hourly') return storeHourly(db, job, done, now);
  if (meterType === repo.COLLECTED_TYPES.water) {
    const row = waterRow(job, done);
    const table = job.kind === 'monthly' ? readingTables.waterMonthly : readingTables.waterDaily;
    await db.transaction(async (tx) => {
      await saveWaterRows(tx, [row], now, table);
      await repo.finishJob(tx, job.id, 'done', null, now);
    });
    return;
  }
  const previous = job.kind === 'monthly' ? addMonths(job.period, -1) : addDays(job.period, -1);
  const row = periodRow(job, done, await repo.storedTotal(db, job.kind, job.meterId, previous));
  await db.transaction(async (tx) => {
    await (job.kind === 'monthly' ? saveMonthlyRows(tx, [row], now) : saveDailyRows(tx, [row], now));
    await repo.finishJob(tx, job.id, 'done', null, now);
  });
}

type Outcome = 'waiting' | 'stored' | 'failed';

/** One job whose tasks are known: still waiting, stored as a row, or failed with the reason. */
async function settle(
  h: HarvestDeps,
  job: repo.CollectionJob,
  byId: Map<number, TaskRecord>,
  frames: Map<number, readonly string[] | null>,
  meterType: number | undefined,
  now: Date,
): Promise<Outcome> {
  const ids = Object.entries(job.taskIds);
  if (!ids.length) return 'waiting';
  const mine = ids.map(([role, id]) => [role, byId.get(id)] as const);
  if (mine.some(([, t]) => !t || t.status === TaskStatus.standBy || t.status === TaskStatus.running))
    return 'waiting';
  // The record before the oldest one a meter keeps does not exist: the usage is then unknown, no failure.
  const usable = mine.filter(([role, t]) => !(role === 'previous' && noData(t?.reason ?? null)));
  const bad = usable.find(([, t]) => t?.status !== TaskStatus.success)?.[1];
  if (bad) {
    await failJob(h, job, bad.reason ?? 'the reading failed', now);
    return 'failed';
  }
  const done = Object.fromEntries(
    usable.map(([role, t]) => [
      role,
      {
        flag: t?.flag ?? null,
        format: t?.spec?.format ?? null,
        receiveFrames: frames.get(t?.id ?? 0) ?? null,
      },
    ]),
  );
  try {
    await store(h.db, job, meterType, done, now);
    return 'stored';
  } catch (e) {
    const why = e instanceof CollectionDataError ? e.message : `unreadable answer: ${(e as Error).message}`;
    await failJob(h, job, why, now);
    return 'failed';
  }
}

/** Finished jobs become rows (or failures); unfinished ones wait for their tasks. */
export async function harvest(h: HarvestDeps, now: Date): Promise<{ stored: number; failed: number }> {
  await repo.requeueStale(h.db, new Date(now.getTime() - 10 * 60_000), now);
  const jobs = await repo.runningJobs(h.db, 5_000);
  const all = await loadTasks(
    h.db,
    jobs.flatMap((j) => Object.values(j.taskIds)),
  );
  const byId = new Map(all.map((t) => [t.id, t]));
  const frames = await repo.successFrames(
    h.db,
    all.filter((t) => t.status === TaskStatus.success).map((t) => t.id),
  );
  const types = await repo.meterTypes(
    h.db,
    jobs.map((j) => j.meterId),
  );
  const count = { stored: 0, failed: 0 };
  for (const job of jobs) {
    const outcome = await settle(h, job, byId, frames, types.get(job.meterId), now);
    if (outcome !== 'waiting') count[outcome]++;
  }
  return count;
}

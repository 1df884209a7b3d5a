import { randomUUID } from 'node:crypto';
import { type RemoteTaskRequest, TaskStatus } from '@prepay/contracts';
import type { CollectionConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import type { Log } from '../../headend/types.js';
import type { AuthedContext } from '../../http/route.js';
import { saveDailyRows, saveHourlyRows, saveMonthlyRows } from '../meter-data/meter-data.write.js';
import { loadTasks, type TaskRecord } from '../remote-task/remote-task.repo.js';
import type { RemoteTaskService } from '../remote-task/remote-task.service.js';
import * as repo from './collection.repo.js';
import {
  addDays,
  addMonths,
  daysBetween,
  hourOf,
  monthStart,
  monthsBetween,
  today,
} from './collection-days.js';
import { CollectionDataError, type DoneTask, hourlyRow, periodRow } from './collection-rows.js';
import {
  DAILY_FREEZES_READ,
  dailyEnergyFlag,
  dailyTimeFlag,
  SETTLEMENTS_READ,
  settlementFlag,
} from './frozen-items.js';

export const LEASE_NAME = 'meter-data-collection';
const BATCH = 200;
/** Planning reads every meter: once per new day or hour, else at most this often (new meters). */
const REPLAN_MS = 15 * 60_000;
/** The pause between sweeps while a batch is moving. */
const BUSY_SWEEP_MS = 5_000;

export interface TickReport {
  leader: boolean;
  planned: number;
  dispatched: number;
  stored: number;
  failed: number;
}

/**
 * The scheduler acts as the system, not as a user: reading tasks show "collection" as their creator and
 * their audit rows say so. The task service reads only `user` and `actor` of a context.
 */
function systemContext(): AuthedContext {
  return {
    user: {
      sessionId: 'collection',
      userId: 'collection',
      roleId: 'system',
      roleName: 'system',
      roleContent: [],
      stationId: '0001',
      isSystemAdmin: true,
      mustChangePassword: false,
    },
    actor: { userId: 'collection', stationId: null, ipAddress: null },
    // No HTTP request behind a scheduled task; nothing the service calls reads it.
    request: Object.create(null),
    reply: null,
  };
}

type Plan = { role: string; flag: string }[];

/** DL/T 645 error word bit 1: "no data requested" — the meter has no such record. */
function noData(reason: string | null): boolean {
  const word = /^meter error ([0-9A-F]{2})/i.exec(reason ?? '')?.[1];
  return word !== undefined && (Number.parseInt(word, 16) & 0x02) !== 0;
}

export function createCollectionScheduler(
  deps: Deps,
  tasks: RemoteTaskService,
  options: { config?: CollectionConfig; holder?: string; log?: Log } = {},
) {
  const { db } = deps.database;
  const config = options.config ?? deps.config.collection;
  const holder = options.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const ctx = systemContext();
  const leaseMs = Math.max(3 * config.sweepMs, 30_000);
  let plannedKey = '';
  let plannedAt = 0;
  let running: Promise<TickReport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped: boolean | null = null;

  /** Missing days in the look-back window, the settlement day's month, this hour's hourly readings. */
  async function plan(now: Date): Promise<number> {
    const day = today(now);
    const key = `${day}/${hourOf(now)}`;
    if (key === plannedKey && now.getTime() - plannedAt < REPLAN_MS) return 0;
    let n = await repo.planDaily(db, addDays(day, -config.lookbackDays), addDays(day, -1));
    // The settlement day is the 1st (00:00); its record is read from then until the window closes.
    if (daysBetween(monthStart(day), day) < config.lookbackDays)
      n += await repo.planMonthly(db, monthStart(day));
    if (config.hourly !== 'off') n += await repo.planHourly(db, day, hourOf(now), config.hourly === 'gprs');
    plannedKey = key;
    plannedAt = now.getTime();
    return n;
  }

  /** The reading tasks of one period: which freeze record (n back) holds it depends on today. */
  async function taskPlan(job: repo.CollectionJob, day: string): Promise<Plan | string> {
    if (job.kind === 'hourly') {
      if (job.period !== day) return 'the hour has passed';
      return [
        { role: 'energy', flag: '901F' },
        { role: 'credit', flag: 'E421' },
      ];
    }
    if (job.kind === 'monthly') {
      const n = monthsBetween(job.period, monthStart(day)) + 1;
      if (n < 1 || n > SETTLEMENTS_READ)
        return `month ${job.period} is not in the meter's settlement records`;
      const previous =
        n < SETTLEMENTS_READ &&
        (await repo.storedTotal(db, 'monthly', job.meterId, addMonths(job.period, -1))) === null;
      return [
        { role: 'energy', flag: settlementFlag(n) },
        ...(previous ? [{ role: 'previous', flag: settlementFlag(n + 1) }] : []),
      ];
    }
    const n = daysBetween(job.period, day);
    if (n < 1) return `day ${job.period} is not over yet`;
    if (n > DAILY_FREEZES_READ)
      return `day ${job.period} is older than the ${DAILY_FREEZES_READ} freezes read`;
    const previous =
      n < DAILY_FREEZES_READ &&
      (await repo.storedTotal(db, 'daily', job.meterId, addDays(job.period, -1))) === null;
    return [
      { role: 'time', flag: dailyTimeFlag(n) },
      { role: 'energy', flag: dailyEnergyFlag(n) },
      ...(previous ? [{ role: 'previous', flag: dailyEnergyFlag(n + 1) }] : []),
      // The state now is the state at the end of yesterday, near enough; older days keep only registers.
      ...(n === 1
        ? [
            { role: 'credit', flag: 'E421' },
            { role: 'status', flag: 'EFF5' },
          ]
        : []),
    ];
  }

  /** Up now, as the head-end of this process sees it or as any head-end last recorded it. */
  async function reachable(meterIds: string[]): Promise<Set<string>> {
    const online = await repo.onlineMeters(db, meterIds);
    for (const id of meterIds) if (deps.headend?.linkState(id).online) online.add(id);
    return online;
  }

  /** Jobs to start: pending ones, and failed ones whose wait is over or whose meter is heard again. */
  async function dueJobs(now: Date, room: number) {
    const pending = await repo.pendingJobs(db, room);
    if (pending.length >= room) return pending;
    const oldest = addDays(today(now), -DAILY_FREEZES_READ);
    const failed = await repo.failedJobs(db, oldest, 5_000);
    const online = await reachable(failed.map((j) => j.meterId));
    const due = failed.filter((j) =>
      j.reason?.startsWith('offline')
        ? online.has(j.meterId)
        : !j.retryAfter || j.retryAfter.getTime() <= now.getTime(),
    );
    return [...pending, ...due.slice(0, room - pending.length)];
  }

  async function dispatch(now: Date): Promise<number> {
    const room = config.maxInFlight - (await repo.countInFlight(db));
    if (room <= 0) return 0;
    const day = today(now);
    const jobs = await dueJobs(now, room);
    const online = await reachable(jobs.map((j) => j.meterId));
    const ready: { job: repo.CollectionJob; plan: Plan }[] = [];
    for (const job of jobs) {
      const p = await taskPlan(job, day);
      if (typeof p === 'string') {
        await repo.finishJob(db, job.id, job.kind === 'hourly' ? 'failed' : 'nodata', p, now);
      } else if (!online.has(job.meterId)) {
        // No task for a meter that cannot answer: it is read as soon as it is heard again.
        await repo.finishJob(db, job.id, 'failed', 'offline: no live link to the meter', now, retryAt(now));
      } else if (await repo.claimJob(db, job, now)) {
        ready.push({ job, plan: p });
      }
    }
    for (let i = 0; i < ready.length; i += BATCH) await queue(ready.slice(i, i + BATCH), now);
    return ready.length;
  }

  /** One create request for a batch; if the service refuses it, job by job so one bad meter fails alone. */
  async function queue(batch: { job: repo.CollectionJob; plan: Plan }[], now: Date) {
    const rowsOf = (b: (typeof batch)[number]): RemoteTaskRequest[] =>
      b.plan.map((p) => ({ meterId: b.job.meterId, flag: p.flag }));
    const assign = async (b: (typeof batch)[number], created: TaskRecord[]) => {
      const ids = Object.fromEntries(b.plan.map((p, i) => [p.role, created[i]?.id ?? 0]));
      await repo.setJobTasks(db, b.job.id, ids, now);
    };
    try {
      const created = await tasks.create(ctx, 'reading', batch.flatMap(rowsOf));
      let at = 0;
      for (const b of batch) {
        await assign(b, created.slice(at, at + b.plan.length));
        at += b.plan.length;
      }
    } catch {
      for (const b of batch) {
        try {
          await assign(b, await tasks.create(ctx, 'reading', rowsOf(b)));
        } catch (e) {
          await repo.finishJob(
            db,
            b.job.id,
            'failed',
            `no task was created: ${(e as Error).message}`,
            now,
            retryAt(now),
          );
        }
      }
    }
  }

  const retryAt = (now: Date) => new Date(now.getTime() + config.retryMinutes * 60_000);

  /** Finished jobs become rows (or failures); unfinished ones wait for their tasks. */
  async function harvest(now: Date): Promise<{ stored: number; failed: number }> {
    await repo.requeueStale(db, new Date(now.getTime() - 10 * 60_000), now);
    const jobs = await repo.runningJobs(db, 5_000);
    const all = await loadTasks(
      db,
      jobs.flatMap((j) => Object.values(j.taskIds)),
    );
    const byId = new Map(all.map((t) => [t.id, t]));
    let stored = 0;
    let failed = 0;
    const frames = await repo.successFrames(
      db,
      all.filter((t) => t.status === TaskStatus.success).map((t) => t.id),
    );
    for (const job of jobs) {
      const ids = Object.entries(job.taskIds);
      if (!ids.length) continue;
      const mine = ids.map(([role, id]) => [role, byId.get(id)] as const);
      if (mine.some(([, t]) => !t || t.status === TaskStatus.standBy || t.status === TaskStatus.running))
        continue;
      // The record before the oldest one a meter keeps does not exist: the usage is then unknown, no failure.
      const usable = mine.filter(([role, t]) => !(role === 'previous' && noData(t?.reason ?? null)));
      const bad = usable.find(([, t]) => t?.status !== TaskStatus.success)?.[1];
      if (bad) {
        failed++;
        await failJob(job, bad.reason ?? 'the reading failed', now);
        continue;
      }
      const done = Object.fromEntries(
        usable.map(([role, t]) => [
          role,
          { flag: t?.flag ?? null, receiveFrame: frames.get(t?.id ?? 0) ?? null },
        ]),
      );
      try {
        await store(job, done, now);
        stored++;
      } catch (e) {
        failed++;
        const why =
          e instanceof CollectionDataError ? e.message : `unreadable answer: ${(e as Error).message}`;
        await failJob(job, why, now);
      }
    }
    return { stored, failed };
  }

  /** "No data requested" means the meter has no such record (installed later): nothing to retry. */
  async function failJob(job: repo.CollectionJob, reason: string, now: Date) {
    const none = noData(reason);
    await repo.finishJob(db, job.id, none ? 'nodata' : 'failed', reason, now, none ? null : retryAt(now));
  }

  async function store(job: repo.CollectionJob, done: Record<string, DoneTask>, now: Date) {
    if (job.kind === 'hourly') {
      const [y, m, d] = job.period.split('-').map(Number);
      const at = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, job.hour);
      const before = await repo.storedHourTotal(db, job.meterId, new Date(at.getTime() - 3_600_000));
      const row = hourlyRow(job, done, at, before);
      await db.transaction(async (tx) => {
        await saveHourlyRows(tx, [row]);
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

  /** One sweep: leadership first, then plan, store what finished, queue what is due. */
  async function sweep(): Promise<TickReport> {
    const idle = { leader: false, planned: 0, dispatched: 0, stored: 0, failed: 0 };
    if (!(await repo.takeLease(db, LEASE_NAME, holder, leaseMs))) return idle;
    const now = deps.clock.now();
    const planned = await plan(now);
    const { stored, failed } = await harvest(now);
    const dispatched = await dispatch(now);
    return { leader: true, planned, dispatched, stored, failed };
  }

  /** Sweeps never overlap within a process; a second call waits for the one under way. */
  function tick(): Promise<TickReport> {
    running ??= sweep().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    holder,
    tick,
    /**
     * Sweeps on a timer: every `sweepMs`, or after a few seconds while there is work moving (periods
     * stored or queued), so a night's collection goes in bounded batches without idling between them.
     */
    start(log: Log | undefined = options.log) {
      if (timer || stopped === false) return;
      stopped = false;
      const next = (ms: number) => {
        if (stopped) return;
        timer = setTimeout(run, ms);
        timer.unref();
      };
      const run = () =>
        void tick()
          .then((r) =>
            next(r.stored + r.dispatched > 0 ? Math.min(BUSY_SWEEP_MS, config.sweepMs) : config.sweepMs),
          )
          .catch((e: unknown) => {
            log?.error({ err: String(e) }, 'collection sweep failed');
            next(config.sweepMs);
          });
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      await repo.releaseLease(db, LEASE_NAME, holder);
    },
  };
}
export type CollectionScheduler = ReturnType<typeof createCollectionScheduler>;

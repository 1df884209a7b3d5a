import { randomUUID } from 'node:crypto';
import type { RemoteTaskRequest } from '@prepay/contracts';
import type { CollectionConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Log } from '../../headend/types.js';
import type { AuthedContext } from '../../http/route.js';
import {
  COLLECTION_ITEMS,
  DAILY_FREEZES_READ,
  FACTORY_AUTH,
  seedDlt645Catalogue,
} from '../dlt645-item/index.js';
import type { TaskRecord } from '../remote-task/index.js';
import { COLLECTION_PRIORITY, type RemoteTaskService } from '../remote-task/index.js';
import * as repo from './collection.repo.js';
import { addDays, daysBetween, hourOf, monthStart, today } from './collection-days.js';
import { planDlmsProfiles } from './collection-dlms.js';
import { harvest } from './collection-harvest.js';
import { type Plan, taskPlan } from './collection-plan.js';

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

/** What one scheduler's sweeps share: its dependencies and when it last planned. */
export interface CollectionRun {
  deps: Deps;
  db: Db;
  tasks: RemoteTaskService;
  config: CollectionConfig;
  ctx: AuthedContext;
  retryAt: (now: Date) => Date;
  planned: { key: string; at: number };
  itemsChecked: boolean;
}

type Ready = { job: repo.CollectionJob; plan: Plan };

/**
 * Missing days in the look-back window, the settlement day's month, this hour's hourly readings, and the
 * DLMS meters' load-profile hours not stored yet.
 */
async function plan(run: CollectionRun, now: Date): Promise<number> {
  const { db, config } = run;
  const day = today(now);
  const key = `${day}/${hourOf(now)}`;
  if (key === run.planned.key && now.getTime() - run.planned.at < REPLAN_MS) return 0;
  let n = await repo.planDaily(db, addDays(day, -config.lookbackDays), addDays(day, -1));
  // The settlement day is the 1st (00:00); its record is read from then until the window closes.
  if (daysBetween(monthStart(day), day) < config.lookbackDays)
    n += await repo.planMonthly(db, monthStart(day));
  if (config.hourly !== 'off') n += await repo.planHourly(db, day, hourOf(now), config.hourly === 'gprs');
  n += await planDlmsProfiles(run, now);
  run.planned = { key, at: now.getTime() };
  return n;
}

/** Up now, as the head-end of this process sees it or as any head-end last recorded it. */
async function reachable(run: CollectionRun, meterIds: string[]): Promise<Set<string>> {
  const online = await repo.onlineMeters(run.db, meterIds);
  for (const id of meterIds) if (run.deps.headend?.linkState(id).online) online.add(id);
  return online;
}

/** Jobs to start: pending ones, and failed ones whose wait is over or whose meter is heard again. */
async function dueJobs(run: CollectionRun, now: Date, room: number) {
  const pending = await repo.pendingJobs(run.db, room);
  if (pending.length >= room) return pending;
  const oldest = addDays(today(now), -DAILY_FREEZES_READ);
  const failed = await repo.failedJobs(run.db, oldest, 5_000);
  const online = await reachable(
    run,
    failed.map((j) => j.meterId),
  );
  const due = failed.filter((j) =>
    j.reason?.startsWith('offline')
      ? online.has(j.meterId)
      : !j.retryAfter || j.retryAfter.getTime() <= now.getTime(),
  );
  return [...pending, ...due.slice(0, room - pending.length)];
}

/** Claims what is due and readable, queues its reading tasks; the rest is settled with its reason. */
async function dispatch(run: CollectionRun, now: Date): Promise<number> {
  const { db } = run;
  const room = run.config.maxInFlight - (await repo.countInFlight(db));
  if (room <= 0) return 0;
  const day = today(now);
  const jobs = await dueJobs(run, now, room);
  const ids = jobs.map((j) => j.meterId);
  const online = await reachable(run, ids);
  const types = await repo.meterTypes(db, ids);
  const ready: Ready[] = [];
  for (const job of jobs) {
    const p = await taskPlan(db, job, day, types.get(job.meterId) ?? repo.COLLECTED_TYPES.electricity);
    if (typeof p === 'string') {
      await repo.finishJob(db, job.id, job.kind === 'hourly' ? 'failed' : 'nodata', p, now);
    } else if (!online.has(job.meterId)) {
      // No task for a meter that cannot answer: it is read as soon as it is heard again.
      await repo.finishJob(db, job.id, 'failed', 'offline: no live link to the meter', now, run.retryAt(now));
    } else if (await repo.claimJob(db, job, now)) {
      ready.push({ job, plan: p });
    }
  }
  for (let i = 0; i < ready.length; i += BATCH) await queue(run, ready.slice(i, i + BATCH), now);
  return ready.length;
}

/** Collection reads go in below every operator task (COLLECTION_PRIORITY). */
const createReads = (run: CollectionRun, rows: RemoteTaskRequest[]) =>
  run.tasks.create(run.ctx, 'reading', rows, COLLECTION_PRIORITY);

const rowsOf = (b: Ready): RemoteTaskRequest[] =>
  b.plan.map((p) => ({ meterId: b.job.meterId, flag: p.flag }));

async function assign(run: CollectionRun, b: Ready, created: TaskRecord[], now: Date) {
  const ids = Object.fromEntries(b.plan.map((p, i) => [p.role, created[i]?.id ?? 0]));
  await repo.setJobTasks(run.db, b.job.id, ids, now);
}

/** One create request for a batch; if the service refuses it, job by job so one bad meter fails alone. */
async function queue(run: CollectionRun, batch: Ready[], now: Date) {
  try {
    const created = await createReads(run, batch.flatMap(rowsOf));
    let at = 0;
    for (const b of batch) {
      await assign(run, b, created.slice(at, at + b.plan.length), now);
      at += b.plan.length;
    }
  } catch {
    for (const b of batch) {
      try {
        await assign(run, b, await createReads(run, rowsOf(b)), now);
      } catch (e) {
        const why = `no task was created: ${(e as Error).message}`;
        await repo.finishJob(run.db, b.job.id, 'failed', why, now, run.retryAt(now));
      }
    }
  }
}

/**
 * The catalogue rows collection reads through, once per process: an installation bootstrapped before an
 * item was added (the catalogue is seeded on the first start only) gets it here, or its reads would fail.
 */
async function checkItems(run: CollectionRun) {
  if (run.itemsChecked) return;
  await seedDlt645Catalogue(run.db, FACTORY_AUTH, COLLECTION_ITEMS);
  run.itemsChecked = true;
}

/** One sweep: leadership first, then plan, store what finished, queue what is due. */
async function sweep(run: CollectionRun, holder: string, leaseMs: number): Promise<TickReport> {
  const idle = { leader: false, planned: 0, dispatched: 0, stored: 0, failed: 0 };
  if (!(await repo.takeLease(run.db, LEASE_NAME, holder, leaseMs))) return idle;
  await checkItems(run);
  const now = run.deps.clock.now();
  const planned = await plan(run, now);
  const { stored, failed } = await harvest(run, now);
  const dispatched = await dispatch(run, now);
  return { leader: true, planned, dispatched, stored, failed };
}

export function createCollectionScheduler(
  deps: Deps,
  tasks: RemoteTaskService,
  options: { config?: CollectionConfig; holder?: string; log?: Log } = {},
) {
  const config = options.config ?? deps.config.collection;
  const holder = options.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = Math.max(3 * config.sweepMs, 30_000);
  const run: CollectionRun = {
    deps,
    db: deps.database.db,
    tasks,
    config,
    ctx: systemContext(),
    retryAt: (now) => new Date(now.getTime() + config.retryMinutes * 60_000),
    planned: { key: '', at: 0 },
    itemsChecked: false,
  };
  let running: Promise<TickReport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped: boolean | null = null;

  /** Sweeps never overlap within a process; a second call waits for the one under way. */
  function tick(): Promise<TickReport> {
    running ??= sweep(run, holder, leaseMs).finally(() => {
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
        timer = setTimeout(go, ms);
        timer.unref();
      };
      const go = () =>
        void tick()
          .then((r) =>
            next(r.stored + r.dispatched > 0 ? Math.min(BUSY_SWEEP_MS, config.sweepMs) : config.sweepMs),
          )
          .catch((e: unknown) => {
            log?.error({ err: String(e) }, 'collection sweep failed');
            next(config.sweepMs);
          });
      go();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      await repo.releaseLease(run.db, LEASE_NAME, holder);
    },
  };
}
export type CollectionScheduler = ReturnType<typeof createCollectionScheduler>;

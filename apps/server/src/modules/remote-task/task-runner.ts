import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../../db/client.js';
import type { HeadEnd, Log } from '../../headend/types.js';
import type { Clock } from '../../lib/clock.js';
import type { DlmsLink } from '../dlms-link/index.js';
import { type AttemptResult, createExecutor } from './task-executor.js';
import {
  analyzeQueue,
  type ClaimedTask,
  claimTasks,
  type Finished,
  type QueueDeps,
  recoverOrphans,
  renewLeases,
  writeResults,
} from './task-queue.repo.js';

export interface RunnerOptions {
  /** Tasks in flight at once in this process (the global cap per process). */
  concurrency: number;
  /** How long one exchange may wait for the meter; 0 = the head-end's own per-transport timeout. */
  timeoutMs: number;
  /** Retries after a link failure (no reply, busy, garbled), with doubling back-off. */
  retries: number;
  backoffMs: number;
  /** A Running task whose lease is not renewed for this long is taken back (its process died). */
  leaseMs: number;
  /** How often an idle runner looks for work that other processes queued. */
  pollMs: number;
  /**
   * After start-up, how long to leave queued tasks alone while meters dial back in: right after a
   * restart no GPRS link is up yet, and sending then would only fail every task as offline.
   */
  warmupMs: number;
  /** DLMS associations open at once (each a TCP connection to a meter). */
  dlmsSessions: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  concurrency: 256,
  timeoutMs: 0,
  retries: 2,
  backoffMs: 1_000,
  leaseMs: 30_000,
  pollMs: 250,
  warmupMs: 15_000,
  dlmsSessions: 64,
};

/** Runner settings from the environment (REMOTE_TASK_*), over the defaults and under explicit options. */
export function runnerOptions(env: NodeJS.ProcessEnv, given: Partial<RunnerOptions> = {}): RunnerOptions {
  const n = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < 0)
      throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return v;
  };
  const d = DEFAULT_RUNNER_OPTIONS;
  return {
    concurrency: Math.max(1, n('REMOTE_TASK_CONCURRENCY', d.concurrency)),
    timeoutMs: n('REMOTE_TASK_TIMEOUT_MS', d.timeoutMs),
    retries: n('REMOTE_TASK_RETRIES', d.retries),
    backoffMs: n('REMOTE_TASK_BACKOFF_MS', d.backoffMs),
    leaseMs: Math.max(500, n('REMOTE_TASK_LEASE_MS', d.leaseMs)),
    pollMs: Math.max(10, n('REMOTE_TASK_POLL_MS', d.pollMs)),
    warmupMs: n('REMOTE_TASK_WARMUP_MS', d.warmupMs),
    dlmsSessions: Math.max(1, n('REMOTE_TASK_DLMS_SESSIONS', d.dlmsSessions)),
    ...given,
  };
}

/** Tasks this process's runner claimed so far, and under which name (metrics). */
export interface ClaimTotals {
  process: string;
  claimed: number;
}
const claimTotals = new WeakMap<Database, ClaimTotals>();

/** The claims of the runner working on `database` in this process; none before it started. */
export function taskClaimTotals(database: Database): ClaimTotals | undefined {
  return claimTotals.get(database);
}

/** NOTIFY channel on PostgreSQL: a process queued tasks; every runner listening looks at once. */
export const QUEUE_CHANNEL = 'remote_task_queued';
/** After the LISTEN connection is lost, how long before trying again (polling covers the gap). */
const RELISTEN_MS = 5_000;
const FLUSH_DELAY_MS = 20;
const FLUSH_AT = 256;
const WRITE_BATCH = 500;
const CLAIM_BATCH = 500;
const ANALYZE_AFTER_TASKS = 2_000;
const ANALYZE_EVERY_MS = 60_000;

/** An attempt that threw (a bug, not the meter): recorded as a failure rather than left Running. */
const internalError = (e: unknown): AttemptResult => ({
  outcome: 'bad-frame',
  verdict: 'failure',
  sent: null,
  raw: null,
  value: null,
  errorWord: null,
  detail: `internal error: ${String(e)}`,
  transport: null,
  data: null,
});

/**
 * The runner's wake-up: a pause that new work (a local enqueue or a NOTIFY) ends early. A wake that
 * comes while the loop is busy makes the next pause return at once instead of sleeping.
 */
function createAlarm() {
  let wakeUp: (() => void) | null = null;
  let woken = false;
  return {
    wake() {
      const w = wakeUp;
      wakeUp = null;
      if (w) w();
      else woken = true;
    },
    /** Forget earlier wakes: the next look sees whatever was queued until now. */
    reset() {
      woken = false;
    },
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken) {
          woken = false;
          resolve();
          return;
        }
        wakeUp = resolve;
        setTimeout(resolve, ms).unref();
      }),
  };
}

/**
 * On PostgreSQL, tasks queued by another process wake this runner through LISTEN/NOTIFY rather than
 * at its next poll; if the connection is lost, polling carries on and listening resumes later.
 */
function createQueueListener(database: Database, wake: () => void, log: Log) {
  let active = false;
  let unlisten: (() => Promise<void>) | null = null;
  let relisten: NodeJS.Timeout | null = null;
  async function listen() {
    relisten = null;
    if (!active || !database.listen) return;
    const retry = (err: unknown) => {
      unlisten = null;
      log.warn({ err: String(err) }, 'remote task runner: LISTEN lost; polling until it is back');
      if (active) relisten = setTimeout(() => void listen(), RELISTEN_MS);
      relisten?.unref();
    };
    try {
      const stop = await database.listen(QUEUE_CHANNEL, wake, retry);
      if (active) {
        unlisten = stop;
        wake(); // anything queued while not listening
      } else await stop();
    } catch (e) {
      retry(e);
    }
  }
  return {
    start() {
      active = true;
      return listen();
    },
    async stop() {
      active = false;
      if (relisten) clearTimeout(relisten);
      await unlisten?.();
      unlisten = null;
    },
  };
}

/**
 * Results are written in batches: a short wait lets the answers of one burst share a transaction
 * (PGlite runs on the event loop, so one write per task would starve the exchanges). Only tasks this
 * process still holds are changed; once written, a task leaves `inFlight` and the runner looks again.
 */
function createResultWriter(q: QueueDeps, inFlight: Map<number, Promise<void>>, wake: () => void, log: Log) {
  const done: Finished[] = [];
  let flushing: Promise<void> | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  function flush(): Promise<void> {
    if (flushing) return flushing;
    flushing = (async () => {
      while (done.length) {
        const batch = done.splice(0, WRITE_BATCH);
        try {
          await writeResults(q, batch);
        } catch (e) {
          log.error({ err: String(e), tasks: batch.length }, 'remote task results could not be written');
        }
        for (const f of batch) inFlight.delete(f.task.id);
        wake();
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }
  return {
    add(finished: Finished) {
      done.push(finished);
      if (done.length >= FLUSH_AT) {
        void flush();
        return;
      }
      flushTimer ??= setTimeout(() => {
        flushTimer = null;
        void flush();
      }, FLUSH_DELAY_MS);
    },
    /** Writes what is left now (at stop). */
    async close() {
      if (flushTimer) clearTimeout(flushTimer);
      await flush();
    },
  };
}

/**
 * PGlite has no autovacuum, so the queue's statistics would stay those of an empty table and the
 * claim would not read the queue index in order. Once in a while (after some work) they are refreshed.
 */
function createAnalyzer(q: QueueDeps) {
  let lastAnalyze = 0;
  let claimedSince = 0;
  return {
    claimed(n: number) {
      claimedSince += n;
    },
    async nowAndThen() {
      if (q.database.kind !== 'pglite' || claimedSince < ANALYZE_AFTER_TASKS) return;
      if (Date.now() - lastAnalyze < ANALYZE_EVERY_MS) return;
      lastAnalyze = Date.now();
      claimedSince = 0;
      await analyzeQueue(q);
    },
  };
}
type Analyzer = ReturnType<typeof createAnalyzer>;

/** The parts of a runner one look at the queue works with. */
interface RunnerCore {
  q: QueueDeps;
  options: RunnerOptions;
  log: Log;
  inFlight: Map<number, Promise<void>>;
  analyzer: Analyzer;
  state: { lastRecovery: number };
  begin(task: ClaimedTask): void;
}

async function recover(c: RunnerCore, all: boolean) {
  const taken = await recoverOrphans(c.q, all);
  if (taken) c.log.warn({ tasks: taken }, 'took back remote tasks left running by a stopped server');
}

/** One look at the queue (renewing leases and taking back orphans now and then); true when more may be waiting. */
async function lookForWork(c: RunnerCore) {
  const { options, inFlight } = c;
  const now = Date.now();
  if (now - c.state.lastRecovery > options.leaseMs / 3) {
    c.state.lastRecovery = now;
    if (inFlight.size) await renewLeases(c.q);
    await recover(c, false);
  }
  const room = options.concurrency - inFlight.size;
  // Claim in batches worth a statement: with work in flight, wait until a few slots are free.
  const worth = inFlight.size === 0 ? 1 : Math.max(1, Math.min(64, Math.floor(options.concurrency / 8)));
  if (room < worth) return false;
  await c.analyzer.nowAndThen();
  const limit = Math.min(room, CLAIM_BATCH);
  const tasks = await claimTasks(c.q, limit);
  c.analyzer.claimed(tasks.length);
  const totals = claimTotals.get(c.q.database);
  if (totals) totals.claimed += tasks.length;
  for (const t of tasks) c.begin(t);
  // A full batch means more may be waiting; a short one means the queue (or its heads) is drained.
  return tasks.length === limit;
}

/**
 * Runs queued tasks through the head-end. Claims with FOR UPDATE SKIP LOCKED (so several processes share
 * one queue and never run a task twice), one task per meter at a time, highest priority first; renews the
 * leases of what it runs and takes back tasks whose process died; writes results in batches.
 */
export function createTaskRunner(
  database: Database,
  headEnd: HeadEnd,
  clock: Clock,
  options: RunnerOptions,
  log: Log,
  dlms?: DlmsLink,
) {
  const me = headEnd.processId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const q: QueueDeps = { database, clock, me, followLinks: headEnd.sharesLinks === true, ...options };
  const executor = createExecutor(headEnd, { timeoutMs: options.timeoutMs }, dlms);
  const inFlight = new Map<number, Promise<void>>();
  const alarm = createAlarm();
  const listener = createQueueListener(database, alarm.wake, log);
  const writer = createResultWriter(q, inFlight, alarm.wake, log);
  const analyzer = createAnalyzer(q);
  const state = { running: false, lastRecovery: 0, loop: null as Promise<void> | null };

  function begin(task: ClaimedTask) {
    const startDate = clock.now();
    const p = executor
      .run(task)
      .catch(internalError)
      .then((result) => writer.add({ task, result, startDate, endDate: clock.now() }));
    inFlight.set(task.id, p);
  }
  const core: RunnerCore = { q, options, log, inFlight, analyzer, state, begin };
  claimTotals.set(database, { process: me, claimed: 0 });

  async function run() {
    await listener.start();
    await recover(core, database.kind === 'pglite');
    state.lastRecovery = Date.now();
    const warmEnd = Date.now() + options.warmupMs;
    // New tasks wake the loop early; it keeps waiting until the warm-up is over.
    while (state.running && Date.now() < warmEnd) await alarm.pause(warmEnd - Date.now());
    while (state.running) {
      let more = false;
      alarm.reset(); // this tick sees whatever was queued until now
      try {
        more = await lookForWork(core);
      } catch (e) {
        log.error({ err: String(e) }, 'remote task runner could not claim tasks');
      }
      if (!state.running) break;
      if (more) continue;
      await alarm.pause(options.pollMs);
    }
  }

  return {
    id: me,
    start() {
      if (state.running) return;
      state.running = true;
      state.loop = run();
    },
    /** New tasks were queued in this process: look now rather than at the next poll. */
    wake: alarm.wake,
    /** Stops claiming, lets running tasks finish (each exchange has its timeout) and writes their results. */
    async stop() {
      state.running = false;
      alarm.wake();
      await state.loop;
      await listener.stop();
      await Promise.all(inFlight.values());
      await writer.close();
    },
  };
}
export type TaskRunner = ReturnType<typeof createTaskRunner>;

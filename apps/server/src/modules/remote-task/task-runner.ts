import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { TaskStatus } from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { remoteTaskAttempts, type TaskSpec } from '../../db/schema.js';
import type { HeadEnd, Log } from '../../headend/types.js';
import type { Clock } from '../../lib/clock.js';
import { type AttemptResult, createExecutor, type RunnableTask } from './task-executor.js';

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
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  concurrency: 256,
  timeoutMs: 0,
  retries: 2,
  backoffMs: 1_000,
  leaseMs: 30_000,
  pollMs: 250,
  warmupMs: 15_000,
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
    ...given,
  };
}

interface Finished {
  task: RunnableTask & { attempt: number; retriesLeft: number };
  result: AttemptResult;
  startDate: Date;
  endDate: Date;
}

/** NOTIFY channel on PostgreSQL: a process queued tasks; every runner listening looks at once. */
export const QUEUE_CHANNEL = 'remote_task_queued';
/** After the LISTEN connection is lost, how long before trying again (polling covers the gap). */
const RELISTEN_MS = 5_000;

type Row = Record<string, unknown>;
const FLUSH_DELAY_MS = 20;
const CLAIM_BATCH = 500;
const ANALYZE_AFTER_TASKS = 2_000;
const ANALYZE_EVERY_MS = 60_000;
const rowsOf = (r: unknown): Row[] => (r as { rows: Row[] }).rows;

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
) {
  const { db } = database;
  const me = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const executor = createExecutor(headEnd, { timeoutMs: options.timeoutMs });
  const inFlight = new Map<number, Promise<void>>();
  const done: Finished[] = [];
  let running = false;
  let wakeUp: (() => void) | null = null;
  /** A wake that came while the loop was busy: the next pause returns at once instead of sleeping. */
  let woken = false;
  let unlisten: (() => Promise<void>) | null = null;
  let relisten: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let flushing: Promise<void> | null = null;
  let lastRecovery = 0;

  const wake = () => {
    const w = wakeUp;
    wakeUp = null;
    if (w) w();
    else woken = true;
  };

  /**
   * On PostgreSQL, tasks queued by another process wake this runner through LISTEN/NOTIFY rather than
   * at its next poll; if the connection is lost, polling carries on and listening resumes later.
   */
  async function listen() {
    relisten = null;
    if (!running || !database.listen) return;
    const retry = (err: unknown) => {
      unlisten = null;
      log.warn({ err: String(err) }, 'remote task runner: LISTEN lost; polling until it is back');
      if (running) relisten = setTimeout(() => void listen(), RELISTEN_MS);
      relisten?.unref();
    };
    try {
      const stop = await database.listen(QUEUE_CHANNEL, wake, retry);
      if (running) {
        unlisten = stop;
        wake(); // anything queued while not listening
      } else await stop();
    } catch (e) {
      retry(e);
    }
  }

  /**
   * Claims up to `limit` runnable tasks: the head of each meter's queue, highest priority first, none of
   * whose meter has a task running. First among the queue's first `window` entries (read in the queue
   * index's order, so the cost does not grow with the backlog); only if that finds none (every head
   * there waits for its meter), over the whole queue.
   */
  async function claim(limit: number): Promise<Finished['task'][]> {
    const window = Math.max(2 * limit, 256);
    const first = await claimFrom(
      limit,
      sql`t.id = any(array(select id from remote_tasks where status = 0
            order by priority desc nulls last, id limit ${window}))`,
    );
    if (first.length > 0) return first;
    return claimFrom(limit, sql`true`);
  }

  async function claimFrom(limit: number, among: SQL): Promise<Finished['task'][]> {
    const res = await db.execute(sql`
      with picked as (
        select t.id from remote_tasks t
        where ${among} and t.status = 0 and t.run_after <= now()
          and not exists (select 1 from remote_tasks r where r.meter_id = t.meter_id and r.status = 3)
          and not exists (select 1 from remote_tasks o where o.meter_id = t.meter_id and o.status = 0
            and (o.priority > t.priority or (o.priority = t.priority and o.id < t.id)))
        order by t.priority desc nulls last, t.id
        limit ${limit}
        for update of t skip locked
      )
      update remote_tasks t
      set status = 3, lease_owner = ${me}, lease_until = now() + ${options.leaseMs} * interval '1 millisecond',
          attempts = t.attempts + 1, update_date = ${clock.now().toISOString()}::timestamptz
      from picked where t.id = picked.id
      returning t.id, t.kind, t.meter_id, t.spec, t.request, t.send_frame, t.attempts, t.retries_left`);
    return rowsOf(res).map((r) => ({
      id: Number(r.id),
      kind: r.kind as RunnableTask['kind'],
      meterId: String(r.meter_id),
      spec: (typeof r.spec === 'string' ? JSON.parse(r.spec) : r.spec) as TaskSpec | null,
      request: (r.request as string | null) ?? null,
      sendFrame: (r.send_frame as string | null) ?? null,
      attempt: Number(r.attempts),
      retriesLeft: Number(r.retries_left),
    }));
  }

  function start(task: Finished['task']) {
    const startDate = clock.now();
    const p = executor
      .run(task)
      .catch(
        (e: unknown): AttemptResult => ({
          outcome: 'bad-frame',
          verdict: 'failure',
          sent: null,
          raw: null,
          value: null,
          errorWord: null,
          detail: `internal error: ${String(e)}`,
          transport: null,
          data: null,
        }),
      )
      .then((result) => {
        done.push({ task, result, startDate, endDate: clock.now() });
        scheduleFlush();
      });
    inFlight.set(task.id, p);
  }

  /**
   * Results are written in batches: a short wait lets the answers of one burst share a transaction
   * (PGlite runs on the event loop, so one write per task would starve the exchanges).
   */
  let flushTimer: NodeJS.Timeout | null = null;
  function scheduleFlush() {
    if (done.length >= 256) {
      void flush();
      return;
    }
    flushTimer ??= setTimeout(() => {
      flushTimer = null;
      void flush();
    }, FLUSH_DELAY_MS);
  }

  /** Writes finished attempts in one transaction; only tasks this process still holds are changed. */
  function flush(): Promise<void> {
    if (flushing) return flushing;
    flushing = (async () => {
      while (done.length) {
        const batch = done.splice(0, 500);
        try {
          await writeResults(batch);
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

  /**
   * One statement per batch: the tasks this process still holds take their outcome, and each of those
   * gets its attempt row — both or neither (a single statement is atomic), with the batch as one JSON
   * parameter rather than a bind parameter per cell.
   */
  async function writeResults(batch: Finished[]) {
    const rows = batch.map(({ task, result, startDate, endDate }) => {
      const retry = result.verdict === 'retry' && task.retriesLeft > 0;
      const status =
        result.verdict === 'success' ? TaskStatus.success : retry ? TaskStatus.standBy : TaskStatus.failure;
      const used = options.retries - task.retriesLeft;
      return {
        id: task.id,
        status,
        data: result.data,
        receive_frame: task.kind === 'transparent' ? result.data : null,
        reason: retry ? `${result.detail}; retrying` : result.detail,
        delay_ms: retry ? options.backoffMs * 2 ** Math.max(0, used) : 0,
        retries_left: retry ? task.retriesLeft - 1 : task.retriesLeft,
        attempt: task.attempt,
        outcome: result.outcome,
        sent: result.sent,
        raw: result.raw,
        value: result.value,
        error_word: result.errorWord,
        detail: result.detail,
        transport: result.transport,
        start_date: startDate.toISOString(),
        update_date: endDate.toISOString(),
      };
    });
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
          id int, status int, data text, receive_frame text, reason text, delay_ms int, retries_left int,
          attempt int, outcome text, sent text, raw text, value text, error_word int, detail text,
          transport text, start_date text, update_date text)
      ),
      kept as (
        update remote_tasks t
        set status = v.status, data = coalesce(v.data, t.data), receive_frame = coalesce(v.receive_frame, t.receive_frame),
            reason = v.reason, retries_left = v.retries_left,
            run_after = now() + v.delay_ms * interval '1 millisecond',
            lease_owner = null, lease_until = null, update_date = v.update_date::timestamptz
        from v
        where t.id = v.id and t.lease_owner = ${me} and t.status = 3
        returning t.id
      )
      insert into remote_task_attempts
        (task_id, attempt, outcome, send_frame, receive_frame, value, error_word, detail, transport, runner, start_date, end_date)
      select v.id, v.attempt, v.outcome, v.sent, v.raw, v.value, v.error_word, v.detail, v.transport, ${me},
             v.start_date::timestamptz, v.update_date::timestamptz
      from v join kept on kept.id = v.id
      on conflict do nothing`);
  }

  /**
   * Takes back Running tasks whose process died: at start-up on PGlite (one process owns the data, so
   * every Running task is an orphan), otherwise those whose lease expired. They run again unless their
   * retries are spent, or they are transparent frames (not known to be safe to send twice).
   */
  async function recover(all: boolean) {
    const res = await db.execute(sql`
      with orphan as (
        select id from remote_tasks
        where status = 3 and (${all} or lease_until < now())
        for update skip locked
      )
      update remote_tasks t
      set status = case when t.kind <> 'transparent' and t.retries_left > 0 then 0 else 2 end,
          retries_left = greatest(t.retries_left - 1, 0),
          reason = case when t.kind <> 'transparent' and t.retries_left > 0
            then 'interrupted: the server stopped while the task ran; retrying'
            else 'interrupted: the server stopped while the task ran' end,
          lease_owner = null, lease_until = null, run_after = now(),
          update_date = ${clock.now().toISOString()}::timestamptz
      from orphan where t.id = orphan.id
      returning t.id, t.attempts`);
    const rows = rowsOf(res);
    if (!rows.length) return;
    const now = clock.now();
    await db
      .insert(remoteTaskAttempts)
      .values(
        rows.map((r) => ({
          taskId: Number(r.id),
          attempt: Number(r.attempts),
          outcome: 'interrupted',
          detail: 'the server stopped while the task ran',
          runner: me,
          startDate: now,
          endDate: now,
        })),
      )
      .onConflictDoNothing();
    log.warn({ tasks: rows.length }, 'took back remote tasks left running by a stopped server');
  }

  /**
   * PGlite has no autovacuum, so the queue's statistics would stay those of an empty table and the
   * claim would not read the queue index in order. Once in a while (after some work) they are refreshed.
   */
  let lastAnalyze = 0;
  let claimedSinceAnalyze = 0;
  async function analyzeNowAndThen() {
    if (database.kind !== 'pglite' || claimedSinceAnalyze < ANALYZE_AFTER_TASKS) return;
    if (Date.now() - lastAnalyze < ANALYZE_EVERY_MS) return;
    lastAnalyze = Date.now();
    claimedSinceAnalyze = 0;
    await db.execute(sql`analyze remote_tasks`);
  }

  async function renewLeases() {
    if (!inFlight.size) return;
    await db.execute(sql`
      update remote_tasks set lease_until = now() + ${options.leaseMs} * interval '1 millisecond'
      where lease_owner = ${me} and status = 3`);
  }

  async function tick() {
    const now = Date.now();
    if (now - lastRecovery > options.leaseMs / 3) {
      lastRecovery = now;
      await renewLeases();
      await recover(false);
    }
    const room = options.concurrency - inFlight.size;
    // Claim in batches worth a statement: with work in flight, wait until a few slots are free.
    const worth = inFlight.size === 0 ? 1 : Math.max(1, Math.min(64, Math.floor(options.concurrency / 8)));
    if (room < worth) return false;
    await analyzeNowAndThen();
    const limit = Math.min(room, CLAIM_BATCH);
    const tasks = await claim(limit);
    claimedSinceAnalyze += tasks.length;
    for (const t of tasks) start(t);
    // A full batch means more may be waiting; a short one means the queue (or its heads) is drained.
    return tasks.length === limit;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      wakeUp = resolve;
      setTimeout(resolve, ms).unref();
    });

  async function run() {
    await listen();
    await recover(database.kind === 'pglite');
    lastRecovery = Date.now();
    const warmEnd = Date.now() + options.warmupMs;
    // New tasks wake the loop early; it keeps waiting until the warm-up is over.
    while (running && Date.now() < warmEnd) await pause(warmEnd - Date.now());
    while (running) {
      let more = false;
      woken = false; // this tick sees whatever was queued until now
      try {
        more = await tick();
      } catch (e) {
        log.error({ err: String(e) }, 'remote task runner could not claim tasks');
      }
      if (!running) break;
      if (more) continue;
      await pause(options.pollMs);
    }
  }

  return {
    id: me,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    /** New tasks were queued in this process: look now rather than at the next poll. */
    wake,
    /** Stops claiming, lets running tasks finish (each exchange has its timeout) and writes their results. */
    async stop() {
      running = false;
      wake();
      await loop;
      if (relisten) clearTimeout(relisten);
      await unlisten?.();
      unlisten = null;
      await Promise.all(inFlight.values());
      if (flushTimer) clearTimeout(flushTimer);
      await flush();
    },
  };
}
export type TaskRunner = ReturnType<typeof createTaskRunner>;

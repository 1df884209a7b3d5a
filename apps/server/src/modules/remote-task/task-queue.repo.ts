import { TaskStatus } from '@prepay/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { remoteTaskAttempts, type TaskSpec } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptResult, RunnableTask } from './task-executor.js';

/** A task this runner holds, with the attempt it is on and the retries it has left. */
export type ClaimedTask = RunnableTask & { attempt: number; retriesLeft: number };

/** One finished attempt, waiting to be written. */
export interface Finished {
  task: ClaimedTask;
  result: AttemptResult;
  startDate: Date;
  endDate: Date;
}

/** What the queue's statements need: the database, who holds the leases, and the runner's settings. */
export interface QueueDeps {
  database: Database;
  clock: Clock;
  /** This runner's lease owner name (its head-end process's name). */
  me: string;
  /**
   * Several head-end processes share the fleet: a meter whose link another live process holds is left
   * to that process (its socket is there). Off with one process owning the data.
   */
  followLinks: boolean;
  leaseMs: number;
  retries: number;
  backoffMs: number;
}

type Row = Record<string, unknown>;

/**
 * Claims up to `limit` runnable tasks: the head of each meter's queue, highest priority first, none of
 * whose meter has a task running. First among the queue's first `window` entries (read in the queue
 * index's order, so the cost does not grow with the backlog); only if that finds none (every head
 * there waits for its meter), over the whole queue.
 */
export async function claimTasks(q: QueueDeps, limit: number): Promise<ClaimedTask[]> {
  const window = Math.max(2 * limit, 256);
  const first = await claimFrom(
    q,
    limit,
    sql`t.id = any(array(select id from remote_tasks where status = 0
          order by priority desc nulls last, id limit ${window}))`,
  );
  if (first.length > 0) return first;
  return claimFrom(q, limit, sql`true`);
}

/** Not a meter whose link another live head-end process holds (that process claims its tasks). */
const heldElsewhere = (me: string) => sql`and not exists (
  select 1 from headend_links l join headend_processes p on p.process_id = l.process_id
  where l.meter_id = t.meter_id and l.process_id <> ${me} and p.lease_until > now())`;

async function claimFrom(q: QueueDeps, limit: number, among: SQL): Promise<ClaimedTask[]> {
  const res = await q.database.db.execute(sql`
    with picked as (
      select t.id from remote_tasks t
      where ${among} and t.status = 0 and t.run_after <= now()
        and not exists (select 1 from remote_tasks r where r.meter_id = t.meter_id and r.status = 3)
        and not exists (select 1 from remote_tasks o where o.meter_id = t.meter_id and o.status = 0
          and (o.priority > t.priority or (o.priority = t.priority and o.id < t.id)))
        ${q.followLinks ? heldElsewhere(q.me) : sql``}
      order by t.priority desc nulls last, t.id
      limit ${limit}
      for update of t skip locked
    )
    update remote_tasks t
    set status = 3, lease_owner = ${q.me}, lease_until = now() + ${q.leaseMs} * interval '1 millisecond',
        attempts = t.attempts + 1, update_date = ${q.clock.now().toISOString()}::timestamptz
    from picked where t.id = picked.id
    returning t.id, t.kind, t.meter_id, t.spec, t.request, t.send_frame, t.attempts, t.retries_left`);
  return rowsOf<Row>(res).map((r) => ({
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

/** A finished attempt as a row of the results statement: the task's new state and its attempt record. */
function resultRow(q: QueueDeps, { task, result, startDate, endDate }: Finished) {
  const retry = result.verdict === 'retry' && task.retriesLeft > 0;
  const status =
    result.verdict === 'success' ? TaskStatus.success : retry ? TaskStatus.standBy : TaskStatus.failure;
  const used = q.retries - task.retriesLeft;
  return {
    id: task.id,
    status,
    data: result.data,
    receive_frame: task.kind === 'transparent' ? result.data : null,
    reason: retry ? `${result.detail}; retrying` : result.detail,
    delay_ms: retry ? q.backoffMs * 2 ** Math.max(0, used) : 0,
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
}

/**
 * One statement per batch: the tasks this process still holds take their outcome, and each of those
 * gets its attempt row — both or neither (a single statement is atomic), with the batch as one JSON
 * parameter rather than a bind parameter per cell.
 */
export async function writeResults(q: QueueDeps, batch: Finished[]) {
  const rows = batch.map((f) => resultRow(q, f));
  await q.database.db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        id int, status int, data text, receive_frame text, reason text, delay_ms int, retries_left int,
        attempt int, outcome text, sent text[], raw text[], value text, error_word int, detail text,
        transport text, start_date text, update_date text)
    ),
    kept as (
      update remote_tasks t
      set status = v.status, data = coalesce(v.data, t.data), receive_frame = coalesce(v.receive_frame, t.receive_frame),
          reason = v.reason, retries_left = v.retries_left,
          run_after = now() + v.delay_ms * interval '1 millisecond',
          lease_owner = null, lease_until = null, update_date = v.update_date::timestamptz
      from v
      where t.id = v.id and t.lease_owner = ${q.me} and t.status = 3
      returning t.id
    )
    insert into remote_task_attempts
      (task_id, attempt, outcome, send_frames, receive_frames, value, error_word, detail, transport, runner, start_date, end_date)
    select v.id, v.attempt, v.outcome, v.sent, v.raw, v.value, v.error_word, v.detail, v.transport, ${q.me},
           v.start_date::timestamptz, v.update_date::timestamptz
    from v join kept on kept.id = v.id
    on conflict do nothing`);
}

/**
 * Takes back Running tasks whose process died: at start-up on PGlite (one process owns the data, so
 * every Running task is an orphan), otherwise those whose lease expired. They run again unless their
 * retries are spent, or they are transparent frames (not known to be safe to send twice).
 * Returns how many were taken back.
 */
export async function recoverOrphans(q: QueueDeps, all: boolean): Promise<number> {
  const res = await q.database.db.execute(sql`
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
        update_date = ${q.clock.now().toISOString()}::timestamptz
    from orphan where t.id = orphan.id
    returning t.id, t.attempts`);
  const rows = rowsOf<Row>(res);
  if (!rows.length) return 0;
  const now = q.clock.now();
  await q.database.db
    .insert(remoteTaskAttempts)
    .values(
      rows.map((r) => ({
        taskId: Number(r.id),
        attempt: Number(r.attempts),
        outcome: 'interrupted',
        detail: 'the server stopped while the task ran',
        runner: q.me,
        startDate: now,
        endDate: now,
      })),
    )
    .onConflictDoNothing();
  return rows.length;
}

/** Keeps the tasks this runner holds its own for another lease period. */
export async function renewLeases(q: QueueDeps) {
  await q.database.db.execute(sql`
    update remote_tasks set lease_until = now() + ${q.leaseMs} * interval '1 millisecond'
    where lease_owner = ${q.me} and status = 3`);
}

/** Refreshes the queue's planner statistics (PGlite has no autovacuum to do it). */
export async function analyzeQueue(q: QueueDeps) {
  await q.database.db.execute(sql`analyze remote_tasks`);
}

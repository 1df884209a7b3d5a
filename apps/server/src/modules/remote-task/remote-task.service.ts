import {
  Dlt645Type,
  normaliseToken,
  type RemoteTaskRequest,
  type TaskKind,
  TaskStatus,
  type TransparentTaskRequest,
} from '@prepay/contracts';
import {
  addressMatches,
  decodeFrame,
  FrameError,
  fromHex,
  meterAddress,
  WILDCARD_ADDRESS,
} from '@prepay/dlt645';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, dlt645Items, meters, remoteTasks, type TaskSpec } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { AuthedContext } from '../../http/route.js';
import { writeAudit } from '../audit/audit.js';
import type { Dlt645Item } from '../dlt645-item/dlt645-item.repo.js';
import { RowProblems } from '../masterdata/rows.js';
import { assertStation } from '../station/station-guard.js';
import { insertTasks, loadTasks, type TaskRecord } from './remote-task.repo.js';
import { encodeValue, TaskInputError } from './task-frames.js';
import { QUEUE_CHANNEL } from './task-runner.js';

export const PRIORITY: Record<TaskKind, number> = {
  control: 30,
  token: 20,
  setting: 15,
  reading: 10,
  transparent: 10,
};

/**
 * Scheduled meter-data collection reads: below every operator task, so a night's thousands of reads
 * never hold up an operator's control, token or reading (the runner claims by priority, then age).
 */
export const COLLECTION_PRIORITY = 5;

const TYPE_OF: Record<Exclude<TaskKind, 'transparent'>, number> = {
  reading: Dlt645Type.reading,
  setting: Dlt645Type.setting,
  control: Dlt645Type.control,
  token: Dlt645Type.token,
};

const ACTION: Record<TaskKind, string> = {
  reading: 'CreateReadingTask',
  setting: 'CreateSettingTask',
  control: 'CreateControlTask',
  token: 'CreateTokenTask',
  transparent: 'CreateTransparentForwardingTask',
};

interface MeterInfo {
  meterId: string;
  protocolVersion: string | null;
  stationId: string;
  customerId: string | null;
  customerName: string | null;
}

async function loadMeters(q: Queryable, ids: string[]): Promise<Map<string, MeterInfo>> {
  if (!ids.length) return new Map();
  const rows = await q
    .select({
      meterId: meters.meterId,
      protocolVersion: meters.protocolVersion,
      stationId: meters.stationId,
      customerId: accounts.customerId,
      customerName: customers.customerName,
    })
    .from(meters)
    .leftJoin(accounts, eq(accounts.meterId, meters.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .where(sql`${meters.meterId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return new Map(rows.map((r) => [r.meterId, r]));
}

const specOf = (i: Dlt645Item): TaskSpec => ({
  control: i.control,
  di: i.di,
  format: i.format,
  analysisFormat: i.analysisFormat,
  data: i.data,
  password: i.password,
  operator: i.operator,
  passwordLevel: i.passwordLevel,
});

/** The value a setting task writes, checked against the item's format before anything is queued. */
function settingValue(item: Dlt645Item, r: RemoteTaskRequest): string | null {
  if (item.analysisFormat === 'clock') return null;
  const value = (r.data ?? r.dataDefault ?? '').trim();
  if (!value) throw new TaskInputError('a value (data) is required');
  encodeValue(item.format, value);
  return value;
}

export function createRemoteTaskService(deps: Deps, opts: { retries: number; onQueued: () => void }) {
  const { db } = deps.database;

  /** Runners in other processes on this PostgreSQL look at the queue when the transaction commits. */
  async function notifyQueued(tx: Queryable) {
    if (deps.database.kind === 'postgres') await tx.execute(sql`select pg_notify(${QUEUE_CHANNEL}, '')`);
  }

  /** Validates every line first; one bad line refuses the whole request and nothing is queued. */
  async function create(
    ctx: AuthedContext,
    kind: Exclude<TaskKind, 'transparent'>,
    rows: RemoteTaskRequest[],
    priority = PRIORITY[kind],
  ) {
    const meterIds = [...new Set(rows.map((r) => r.meterId?.trim() ?? '').filter(Boolean))];
    const meterInfo = await loadMeters(db, meterIds);
    const items = await db.select().from(dlt645Items).where(eq(dlt645Items.type, TYPE_OF[kind]));
    const itemOf = (version: string, flag: string) =>
      items.find((i) => i.version === version && i.flag === flag.toUpperCase());
    const problems = new RowProblems();
    const values: (typeof remoteTasks.$inferInsert)[] = [];
    const now = deps.clock.now();
    for (const [i, r] of rows.entries()) {
      const meterId = r.meterId?.trim() ?? '';
      const meter = meterInfo.get(meterId);
      if (!meterId) {
        problems.add(undefined, i, 'meterId is required');
        continue;
      }
      if (!meter) {
        problems.add(undefined, i, `meter ${meterId}: not found`);
        continue;
      }
      if (!ctx.user.isSystemAdmin && meter.stationId !== ctx.user.stationId) {
        problems.add(undefined, i, `meter ${meterId}: belongs to another station`);
        continue;
      }
      if (!/^\d{1,12}$/.test(meterId)) {
        problems.add(undefined, i, `meter ${meterId}: not a DL/T 645 address`);
        continue;
      }
      const version = r.version?.trim() || meter.protocolVersion || '';
      const flag = (r.flag?.trim() || (kind === 'token' ? 'A120' : '')).toUpperCase();
      if (!flag) {
        problems.add(undefined, i, 'flag (the data item) is required');
        continue;
      }
      const item = itemOf(version, flag);
      if (!item) {
        problems.add(undefined, i, `data item ${flag} is not in the catalogue for version ${version}`);
        continue;
      }
      let request: string | null = null;
      let data: string | null = null;
      try {
        if (kind === 'token') {
          request = normaliseToken(r.data ?? '');
          if (!request)
            throw new TaskInputError('Please enter valid token (20 digits; digits and spaces only)');
          data = request;
        } else if (kind === 'setting') {
          request = settingValue(item, r);
        }
      } catch (e) {
        problems.add(undefined, i, `meter ${meterId}: ${(e as Error).message}`);
        continue;
      }
      values.push({
        kind,
        meterId,
        customerId: meter.customerId ?? r.customerId ?? null,
        customerName: meter.customerName,
        stationId: meter.stationId,
        version,
        flag,
        names: item.names,
        prefixes: item.analysisPrefix,
        spec: specOf(item),
        request,
        data,
        priority,
        retriesLeft: opts.retries,
        createId: ctx.user.userId,
        createDate: now,
        updateDate: now,
      });
    }
    problems.throwIfAny('No task was created');
    return insert(ctx, kind, values);
  }

  async function createTransparent(ctx: AuthedContext, rows: TransparentTaskRequest[]) {
    const meterInfo = await loadMeters(db, [...new Set(rows.map((r) => r.meterId?.trim() ?? ''))]);
    const problems = new RowProblems();
    const values: (typeof remoteTasks.$inferInsert)[] = [];
    const now = deps.clock.now();
    for (const [i, r] of rows.entries()) {
      const meterId = r.meterId?.trim() ?? '';
      const meter = meterInfo.get(meterId);
      if (!meterId) {
        problems.add(undefined, i, 'meterId is required');
        continue;
      }
      if (!meter) {
        problems.add(undefined, i, `meter ${meterId}: not found`);
        continue;
      }
      if (!ctx.user.isSystemAdmin && meter.stationId !== ctx.user.stationId) {
        problems.add(undefined, i, `meter ${meterId}: belongs to another station`);
        continue;
      }
      const checked = checkFrame(meterId, r.sendFrame ?? '');
      if (typeof checked !== 'string') {
        problems.add(undefined, i, `meter ${meterId}: ${checked.error}`);
        continue;
      }
      values.push({
        kind: 'transparent',
        meterId,
        customerId: meter.customerId,
        customerName: meter.customerName,
        stationId: meter.stationId,
        sendFrame: checked,
        priority: PRIORITY.transparent,
        // A raw frame may not be safe to send twice: no automatic retries.
        retriesLeft: 0,
        createId: ctx.user.userId,
        createDate: now,
        updateDate: now,
      });
    }
    problems.throwIfAny('No task was created');
    return insert(ctx, 'transparent', values);
  }

  async function insert(ctx: AuthedContext, kind: TaskKind, values: (typeof remoteTasks.$inferInsert)[]) {
    const created = await db.transaction(async (tx) => {
      const rows: TaskRecord[] = [];
      for (let at = 0; at < values.length; at += 5_000)
        rows.push(...(await insertTasks(tx, values.slice(at, at + 5_000))));
      await notifyQueued(tx);
      // One audit row per request: a batch of thousands of reads is one operator action.
      await writeAudit(tx, ctx.actor, {
        title: 'RemoteMeterTask',
        action: ACTION[kind],
        content: `${rows.length} task(s): ${summary(rows)}`,
        after: rows.map((t) => ({
          id: t.id,
          meterId: t.meterId,
          flag: t.flag,
          data: t.request ?? t.sendFrame,
        })),
      });
      return rows;
    });
    opts.onQueued();
    return created;
  }

  /** Resend: the same task back to StandBy, as a new attempt; never a second task. */
  async function resend(ctx: AuthedContext, kind: TaskKind, ids: number[]): Promise<TaskRecord[]> {
    const unique = [...new Set(ids)];
    const result = await db.transaction(async (tx) => {
      const before = await tx
        .select()
        .from(remoteTasks)
        .where(and(inArray(remoteTasks.id, unique), eq(remoteTasks.kind, kind)))
        .for('update');
      const problems = new RowProblems();
      for (const [i, id] of unique.entries()) {
        const t = before.find((b) => b.id === id);
        if (!t) {
          problems.add(undefined, i, `task ${id}: not found`);
          continue;
        }
        assertStation(ctx.user, t.stationId);
        if (t.status === TaskStatus.standBy || t.status === TaskStatus.running) {
          problems.add(undefined, i, `task ${id}: is still waiting or running`);
        }
      }
      problems.throwIfAny('Nothing was resent');
      const now = deps.clock.now();
      await tx
        .update(remoteTasks)
        .set({
          status: TaskStatus.standBy,
          retriesLeft: kind === 'transparent' ? 0 : opts.retries,
          runAfter: sql`now()`,
          reason: null,
          // A reading's old value must not pass for the new one; a token keeps its digits.
          data: kind === 'token' ? sql`${remoteTasks.data}` : null,
          receiveFrame: null,
          updateId: ctx.user.userId,
          updateDate: now,
        })
        .where(inArray(remoteTasks.id, unique));
      await notifyQueued(tx);
      const after = await loadTasks(tx, unique);
      await writeAudit(tx, ctx.actor, {
        title: 'RemoteMeterTask',
        action: `Resend${ACTION[kind].replace('Create', '')}`,
        content: `${after.length} task(s): ${summary(after)}`,
        before: before.map((t) => ({ id: t.id, status: t.status, reason: t.reason })),
        after: after.map((t) => ({ id: t.id, status: t.status })),
      });
      return after;
    });
    opts.onQueued();
    return result;
  }

  return { create, createTransparent, resend };
}
export type RemoteTaskService = ReturnType<typeof createRemoteTaskService>;

const summary = (rows: TaskRecord[]) => {
  const ids = rows.map((r) => r.id);
  return ids.length <= 10 ? ids.join(', ') : `${ids[0]}…${ids[ids.length - 1]}`;
};

/** The operator's frame must be one whole DL/T 645 frame addressed to this meter (or the wildcard). */
export function checkFrame(meterId: string, text: string): string | { error: string } {
  try {
    const bytes = fromHex(text);
    if (!bytes.length) return { error: 'sendFrame is required' };
    const frame = decodeFrame(bytes);
    const own = meterAddress(meterId);
    if (frame.address !== own && !addressMatches(frame.address, own) && frame.address !== WILDCARD_ADDRESS) {
      return { error: `the frame is addressed to ${frame.address}, not to this meter (${own})` };
    }
    return text
      .replace(/[\s:-]/g, '')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1 ');
  } catch (e) {
    return { error: e instanceof FrameError ? `not a valid DL/T 645 frame: ${e.message}` : String(e) };
  }
}

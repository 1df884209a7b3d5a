import {
  Dlt645Type,
  normaliseToken,
  type ProtocolTaskRequest,
  type RemoteTaskReadRequest,
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
import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { RowProblems } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { notFound } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import type { Dlt645Item } from '../dlt645-item/index.js';
import { createGprs, toProtocolRow } from './gprs-task.service.js';
import {
  insertTasks,
  itemsOfType,
  loadMeters,
  loadTasks,
  lockTasks,
  type MeterInfo,
  type NewTask,
  notifyChannel,
  readAttempts,
  readTasks,
  readTransparentTasks,
  requeueTasks,
  type TaskRecord,
  type TaskSpec,
  toTaskRow,
  toTransparentRow,
} from './remote-task.repo.js';
import {
  frameCutsSupply,
  type GuardFields,
  guardSupplyCuts,
  itemCutsSupply,
  type PasswordCheck,
} from './supply-guard.js';
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

/** The catalogue type of each task family (DL/T 645 and DLMS catalogues alike). */
export const TYPE_OF: Record<Exclude<TaskKind, 'transparent'>, number> = {
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

/** What the task service needs: the app's deps, the retries a new task gets, and the runner's doorbell. */
export interface TaskServiceDeps {
  deps: Deps;
  retries: number;
  onQueued: () => void;
  /** The authorization password check, for tasks that cut supply (absent where none is created). */
  authorize?: PasswordCheck;
}

/** Why this line's meter cannot take a task from this user, or null when it can. */
export function meterProblem(ctx: UserContext, meterId: string, meter: MeterInfo | undefined): string | null {
  if (!meterId) return 'meterId is required';
  if (!meter) return `meter ${meterId}: not found`;
  if (!ctx.user.isSystemAdmin && meter.stationId !== ctx.user.stationId)
    return `meter ${meterId}: belongs to another station`;
  return null;
}

/** What every new task takes from its meter and its creator: the meter's customer and station, who and when. */
export function taskOrigin(
  s: TaskServiceDeps,
  ctx: UserContext,
  meterId: string,
  meter: MeterInfo,
  customerId?: string | null,
) {
  const now = s.deps.clock.now();
  return {
    meterId,
    customerId: meter.customerId ?? customerId ?? null,
    customerName: meter.customerName,
    stationId: meter.stationId,
    createId: ctx.user.userId,
    createDate: now,
    updateDate: now,
  };
}

/** What a task of this kind sends (`request`) and shows before it runs (`data`), checked now. */
function requestOf(kind: Exclude<TaskKind, 'transparent'>, item: Dlt645Item, r: RemoteTaskRequest) {
  if (kind === 'token') {
    const digits = normaliseToken(r.data ?? '');
    if (!digits) throw new TaskInputError('Please enter valid token (20 digits; digits and spaces only)');
    return { request: digits, data: digits };
  }
  return { request: kind === 'setting' ? settingValue(item, r) : null, data: null };
}

type ItemOf = (version: string, flag: string) => Dlt645Item | undefined;

/** One request line as a task to insert, or the reason it is refused. */
function taskOf(
  s: TaskServiceDeps,
  ctx: UserContext,
  kind: Exclude<TaskKind, 'transparent'>,
  r: RemoteTaskRequest,
  meterInfo: Map<string, MeterInfo>,
  itemOf: ItemOf,
  priority: number,
): NewTask | string {
  const meterId = r.meterId?.trim() ?? '';
  const meter = meterInfo.get(meterId);
  const problem = meterProblem(ctx, meterId, meter);
  if (problem || !meter) return problem ?? `meter ${meterId}: not found`;
  if (!/^\d{1,12}$/.test(meterId)) return `meter ${meterId}: not a DL/T 645 address`;
  const version = r.version?.trim() || meter.protocolVersion || '';
  const flag = (r.flag?.trim() || (kind === 'token' ? 'A120' : '')).toUpperCase();
  if (!flag) return 'flag (the data item) is required';
  const item = itemOf(version, flag);
  if (!item) return `data item ${flag} is not in the catalogue for version ${version}`;
  let line: { request: string | null; data: string | null };
  try {
    line = requestOf(kind, item, r);
  } catch (e) {
    return `meter ${meterId}: ${(e as Error).message}`;
  }
  return {
    kind,
    ...taskOrigin(s, ctx, meterId, meter, r.customerId),
    version,
    flag,
    names: item.names,
    prefixes: item.analysisPrefix,
    spec: specOf(item),
    ...line,
    remark: r.remark || null,
    priority,
    retriesLeft: s.retries,
  };
}

/** One transparent-forwarding line as a task to insert, or the reason it is refused. */
function transparentTaskOf(
  s: TaskServiceDeps,
  ctx: UserContext,
  r: TransparentTaskRequest,
  meterInfo: Map<string, MeterInfo>,
): NewTask | string {
  const meterId = r.meterId?.trim() ?? '';
  const meter = meterInfo.get(meterId);
  const problem = meterProblem(ctx, meterId, meter);
  if (problem || !meter) return problem ?? `meter ${meterId}: not found`;
  const checked = checkFrame(meterId, r.sendFrame ?? '');
  if (typeof checked !== 'string') return `meter ${meterId}: ${checked.error}`;
  return {
    kind: 'transparent',
    ...taskOrigin(s, ctx, meterId, meter),
    sendFrame: checked,
    remark: r.remark || null,
    priority: PRIORITY.transparent,
    // A raw frame may not be safe to send twice: no automatic retries.
    retriesLeft: 0,
  };
}

/** Every line as a task, or — if any line is refused — nothing, with every refusal named. */
export function allOrNothing<R>(rows: R[], toTask: (r: R) => NewTask | string): NewTask[] {
  const problems = new RowProblems();
  const values: NewTask[] = [];
  for (const [i, r] of rows.entries()) {
    const task = toTask(r);
    if (typeof task === 'string') problems.add(undefined, i, task);
    else values.push(task);
  }
  problems.throwIfAny('No task was created');
  return values;
}

export const meterIdsOf = (rows: { meterId?: string | null }[]) => [
  ...new Set(rows.map((r) => r.meterId?.trim() ?? '').filter(Boolean)),
];

/** Validates every line first; one bad line refuses the whole request and nothing is queued. */
async function create(
  s: TaskServiceDeps,
  ctx: UserContext,
  kind: Exclude<TaskKind, 'transparent'>,
  rows: RemoteTaskRequest[],
  priority = PRIORITY[kind],
) {
  const { db } = s.deps.database;
  const meterInfo = await loadMeters(db, meterIdsOf(rows));
  const items = await itemsOfType(db, TYPE_OF[kind]);
  const itemOf: ItemOf = (version, flag) =>
    items.find((i) => i.version === version && i.flag === flag.toUpperCase());
  const values = allOrNothing(rows, (r) => taskOf(s, ctx, kind, r, meterInfo, itemOf, priority));
  await guard(s, ctx, rows, (i) => itemCutsSupply(values[i]?.spec));
  return insert(s, ctx, kind, values);
}

/** Lines that cut supply carry what the setting demands; every password sent is checked (line i ↔ task i). */
export function guard(
  s: TaskServiceDeps,
  ctx: UserContext,
  rows: GuardFields[],
  cuts: (i: number) => boolean,
) {
  const lines = rows.map((fields, i) => ({ fields, cuts: cuts(i) }));
  return guardSupplyCuts(ctx, lines, s.deps.config.switchOffRequiresAuthorization, s.authorize);
}

async function createTransparent(s: TaskServiceDeps, ctx: UserContext, rows: TransparentTaskRequest[]) {
  const meterInfo = await loadMeters(s.deps.database.db, meterIdsOf(rows));
  const values = allOrNothing(rows, (r) => transparentTaskOf(s, ctx, r, meterInfo));
  await guard(s, ctx, rows, (i) => frameCutsSupply(values[i]?.sendFrame));
  return insert(s, ctx, 'transparent', values);
}

/** Runners in other processes on this PostgreSQL look at the queue when the transaction commits. */
async function notifyQueued(s: TaskServiceDeps, tx: Queryable) {
  if (s.deps.database.kind === 'postgres') await notifyChannel(tx, QUEUE_CHANNEL);
}

export async function insert(s: TaskServiceDeps, ctx: UserContext, kind: TaskKind, values: NewTask[]) {
  const created = await s.deps.database.db.transaction(async (tx) => {
    const rows: TaskRecord[] = [];
    for (let at = 0; at < values.length; at += 5_000)
      rows.push(...(await insertTasks(tx, values.slice(at, at + 5_000))));
    await notifyQueued(s, tx);
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
        ...(t.remark ? { remark: t.remark } : {}),
      })),
    });
    return rows;
  });
  s.onQueued();
  return created;
}

/** Every task named exists, is of this kind, in the user's station, and is not waiting or running. */
function checkResendable(ctx: UserContext, ids: number[], before: TaskRecord[]) {
  const problems = new RowProblems();
  for (const [i, id] of ids.entries()) {
    const t = before.find((b) => b.id === id);
    if (!t) {
      problems.add(undefined, i, `task ${id}: not found`);
      continue;
    }
    assertStation(ctx.user, t.stationId);
    if (t.status === TaskStatus.standBy || t.status === TaskStatus.running)
      problems.add(undefined, i, `task ${id}: is still waiting or running`);
  }
  problems.throwIfAny('Nothing was resent');
}

/** Resend: the same task back to StandBy, as a new attempt; never a second task. */
async function resend(s: TaskServiceDeps, ctx: UserContext, kind: TaskKind, ids: number[]) {
  const unique = [...new Set(ids)];
  const result = await s.deps.database.db.transaction(async (tx) => {
    const before = await lockTasks(tx, kind, unique);
    checkResendable(ctx, unique, before);
    await requeueTasks(tx, kind, unique, {
      retriesLeft: kind === 'transparent' ? 0 : s.retries,
      updateId: ctx.user.userId,
      updateDate: s.deps.clock.now(),
    });
    await notifyQueued(s, tx);
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
  s.onQueued();
  return result;
}

/** A task's attempts, for a user who may see the task's station. */
async function attemptsOf(s: TaskServiceDeps, user: SessionUser, id: number) {
  const { db } = s.deps.database;
  const [task] = await loadTasks(db, [id]);
  if (!task) throw notFound(`task ${id}`);
  assertStation(user, task.stationId);
  return readAttempts(db, id);
}

export function createRemoteTaskService(
  deps: Deps,
  opts: { retries: number; onQueued: () => void; authorize?: PasswordCheck },
) {
  const s: TaskServiceDeps = { deps, ...opts };
  const { db } = deps.database;
  return {
    /** One family's tasks (null: every DL/T 645 family). */
    read: (b: RemoteTaskReadRequest, user: SessionUser, kind: TaskKind | null) =>
      readTasks(db, b, user, kind),
    readTransparent: (b: RemoteTaskReadRequest, user: SessionUser) => readTransparentTasks(db, b, user),
    attempts: (user: SessionUser, id: number) => attemptsOf(s, user, id),
    /** Tasks as the create and resend answers show them. */
    taskRows: (rows: TaskRecord[]) => rows.map((t) => toTaskRow(t, 'en')),
    transparentRows: (rows: TaskRecord[]) => rows.map((t) => toTransparentRow(t)),
    create: (
      ctx: UserContext,
      kind: Exclude<TaskKind, 'transparent'>,
      rows: RemoteTaskRequest[],
      priority?: number,
    ) => create(s, ctx, kind, rows, priority),
    createTransparent: (ctx: UserContext, rows: TransparentTaskRequest[]) => createTransparent(s, ctx, rows),
    resend: (ctx: UserContext, kind: TaskKind, ids: number[]): Promise<TaskRecord[]> =>
      resend(s, ctx, kind, ids),
    /** GPRS protocol tasks: DLMS meters, items named by the DLMS catalogue's id. */
    createGprs: (ctx: UserContext, kind: Exclude<TaskKind, 'transparent'>, rows: ProtocolTaskRequest[]) =>
      createGprs(s, ctx, kind, rows),
    readGprs: (b: RemoteTaskReadRequest, user: SessionUser, kind: TaskKind) =>
      readTasks(db, b, user, kind, 'dlms', toProtocolRow),
    gprsRows: (rows: TaskRecord[]) => rows.map((t) => toProtocolRow(t, 'en')),
  };
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

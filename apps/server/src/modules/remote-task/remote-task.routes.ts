import {
  DLT645_TASK_READ_PATH,
  page,
  RemoteTaskBody,
  RemoteTaskReadRequest,
  RemoteTaskRow,
  TASK_ATTEMPTS_PATH,
  TASK_ROUTES,
  TaskAttemptRow,
  TaskAttemptsRequest,
  type TaskKind,
  TaskUpdateBody,
  TransparentTaskBody,
  TransparentTaskRow,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { assertStation } from '../station/station-guard.js';
import {
  loadTasks,
  readAttempts,
  readTasks,
  readTransparentTasks,
  toTaskRow,
  toTransparentRow,
} from './remote-task.repo.js';
import type { RemoteTaskService } from './remote-task.service.js';

const tag = 'RemoteMeterTask';
const TITLES: Record<TaskKind, string> = {
  reading: 'reading',
  setting: 'setting',
  control: 'control (Switch On / Switch Off)',
  token: 'token delivery',
  transparent: 'transparent forwarding',
};
const RECORD_KEYS = Object.values(TASK_ROUTES).map((r) => r.recordKey);

function familyRoutes(
  deps: Deps,
  service: RemoteTaskService,
  kind: Exclude<TaskKind, 'transparent'>,
): RouteDef[] {
  const { db } = deps.database;
  const r = TASK_ROUTES[kind];
  return [
    defineRoute({
      path: r.create,
      permission: r.createKey,
      tag,
      summary: `Queue ${TITLES[kind]} tasks, one per array element (one meter each)`,
      body: RemoteTaskBody,
      result: z.array(RemoteTaskRow),
      handler: async (b, ctx) => (await service.create(ctx, kind, b)).map((t) => toTaskRow(t, 'en')),
    }),
    defineRoute({
      path: r.get,
      permission: r.recordKey,
      tag,
      summary: `List ${TITLES[kind]} tasks`,
      body: RemoteTaskReadRequest,
      result: page(RemoteTaskRow),
      handler: (b, ctx) => readTasks(db, b, ctx.user, kind),
    }),
    defineRoute({
      path: r.update,
      permission: r.recordKey,
      tag,
      summary: `Resend ${TITLES[kind]} tasks: the same task back to StandBy as a new attempt`,
      body: TaskUpdateBody,
      result: z.array(RemoteTaskRow),
      handler: async (b, ctx) =>
        (
          await service.resend(
            ctx,
            kind,
            b.map((x) => x.id),
          )
        ).map((t) => toTaskRow(t, 'en')),
    }),
  ];
}

export function remoteTaskRoutes(deps: Deps, service: RemoteTaskService): RouteDef[] {
  const { db } = deps.database;
  const tf = TASK_ROUTES.transparent;
  return [
    ...familyRoutes(deps, service, 'reading'),
    ...familyRoutes(deps, service, 'setting'),
    ...familyRoutes(deps, service, 'control'),
    ...familyRoutes(deps, service, 'token'),
    defineRoute({
      path: tf.create,
      permission: tf.createKey,
      tag,
      summary: 'Queue transparent forwarding tasks: a raw DL/T 645 frame (hex), checked before it is queued',
      body: TransparentTaskBody,
      result: z.array(TransparentTaskRow),
      handler: async (b, ctx) => (await service.createTransparent(ctx, b)).map(toTransparentRow),
    }),
    defineRoute({
      path: tf.get,
      permission: tf.recordKey,
      tag,
      summary: 'List transparent forwarding tasks',
      body: RemoteTaskReadRequest,
      result: page(TransparentTaskRow),
      handler: (b, ctx) => readTransparentTasks(db, b, ctx.user),
    }),
    defineRoute({
      path: tf.update,
      permission: tf.recordKey,
      tag,
      summary: 'Resend transparent forwarding tasks',
      body: TaskUpdateBody,
      result: z.array(TransparentTaskRow),
      handler: async (b, ctx) =>
        (
          await service.resend(
            ctx,
            'transparent',
            b.map((x) => x.id),
          )
        ).map(toTransparentRow),
    }),
    defineRoute({
      path: DLT645_TASK_READ_PATH,
      permission: RECORD_KEYS,
      tag: 'DLT645Task',
      summary: 'All DL/T 645 tasks of every family',
      body: RemoteTaskReadRequest,
      result: page(RemoteTaskRow),
      handler: (b, ctx) => readTasks(db, b, ctx.user, null),
    }),
    defineRoute({
      path: TASK_ATTEMPTS_PATH,
      permission: RECORD_KEYS,
      tag,
      summary: "A task's attempts: frames sent and received (hex), decoded value, outcome",
      body: TaskAttemptsRequest,
      result: z.array(TaskAttemptRow),
      handler: async (b, ctx) => {
        const [task] = await loadTasks(db, [b.id]);
        if (!task) throw notFound(`task ${b.id}`);
        assertStation(ctx.user, task.stationId);
        return readAttempts(db, b.id);
      },
    }),
  ];
}

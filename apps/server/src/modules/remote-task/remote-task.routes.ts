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
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
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

type Resent = Awaited<ReturnType<RemoteTaskService['resend']>>;

/** A family's resend: the named tasks back to StandBy as new attempts, answered as `rowsOf` shows them. */
function resendRoute<R extends z.ZodType>(
  service: RemoteTaskService,
  kind: TaskKind,
  summary: string,
  row: R,
  rowsOf: (tasks: Resent) => z.infer<R>[],
): RouteDef {
  const r = TASK_ROUTES[kind];
  return defineRoute({
    path: r.update,
    permission: r.recordKey,
    tag,
    summary,
    body: TaskUpdateBody,
    result: z.array(row),
    handler: async (b, ctx) => rowsOf(await service.resend(ctx, kind, keysOf(b, 'id'))),
  });
}

function familyRoutes(service: RemoteTaskService, kind: Exclude<TaskKind, 'transparent'>): RouteDef[] {
  const r = TASK_ROUTES[kind];
  return [
    defineRoute({
      path: r.create,
      permission: r.createKey,
      tag,
      summary: `Queue ${TITLES[kind]} tasks, one per array element (one meter each)`,
      body: RemoteTaskBody,
      result: z.array(RemoteTaskRow),
      handler: async (b, ctx) => service.taskRows(await service.create(ctx, kind, b)),
    }),
    defineRoute({
      path: r.get,
      permission: r.recordKey,
      tag,
      summary: `List ${TITLES[kind]} tasks`,
      body: RemoteTaskReadRequest,
      result: page(RemoteTaskRow),
      handler: (b, ctx) => service.read(b, ctx.user, kind),
    }),
    resendRoute(
      service,
      kind,
      `Resend ${TITLES[kind]} tasks: the same task back to StandBy as a new attempt`,
      RemoteTaskRow,
      service.taskRows,
    ),
  ];
}

export function remoteTaskRoutes(service: RemoteTaskService): RouteDef[] {
  const tf = TASK_ROUTES.transparent;
  return [
    ...familyRoutes(service, 'reading'),
    ...familyRoutes(service, 'setting'),
    ...familyRoutes(service, 'control'),
    ...familyRoutes(service, 'token'),
    defineRoute({
      path: tf.create,
      permission: tf.createKey,
      tag,
      summary: 'Queue transparent forwarding tasks: a raw DL/T 645 frame (hex), checked before it is queued',
      body: TransparentTaskBody,
      result: z.array(TransparentTaskRow),
      handler: async (b, ctx) => service.transparentRows(await service.createTransparent(ctx, b)),
    }),
    defineRoute({
      path: tf.get,
      permission: tf.recordKey,
      tag,
      summary: 'List transparent forwarding tasks',
      body: RemoteTaskReadRequest,
      result: page(TransparentTaskRow),
      handler: (b, ctx) => service.readTransparent(b, ctx.user),
    }),
    resendRoute(
      service,
      'transparent',
      'Resend transparent forwarding tasks',
      TransparentTaskRow,
      service.transparentRows,
    ),
    defineRoute({
      path: DLT645_TASK_READ_PATH,
      permission: RECORD_KEYS,
      tag: 'DLT645Task',
      summary: 'All DL/T 645 tasks of every family',
      body: RemoteTaskReadRequest,
      result: page(RemoteTaskRow),
      handler: (b, ctx) => service.read(b, ctx.user, null),
    }),
    defineRoute({
      path: TASK_ATTEMPTS_PATH,
      permission: RECORD_KEYS,
      tag,
      summary: "A task's attempts: frames sent and received (hex), decoded value, outcome",
      body: TaskAttemptsRequest,
      result: z.array(TaskAttemptRow),
      handler: (b, ctx) => service.attempts(ctx.user, b.id),
    }),
  ];
}

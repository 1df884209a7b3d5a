import { type Endpoint, REMOTE_TASK_API, type TaskKind, type TaskUpdateBody } from '@prepay/contracts';
import type { z } from 'zod';
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

type Resent = Awaited<ReturnType<RemoteTaskService['resend']>>;

/** A family's resend: the named tasks back to StandBy as new attempts, answered as `rowsOf` shows them. */
function resendRoute<R extends z.ZodType>(
  service: RemoteTaskService,
  kind: TaskKind,
  summary: string,
  endpoint: Endpoint<typeof TaskUpdateBody, z.ZodArray<R>>,
  rowsOf: (tasks: Resent) => z.infer<R>[],
): RouteDef {
  return defineRoute({
    endpoint,
    tag,
    summary,
    handler: async (b, ctx) => rowsOf(await service.resend(ctx, kind, keysOf(b, 'id'))),
  });
}

function familyRoutes(service: RemoteTaskService, kind: Exclude<TaskKind, 'transparent'>): RouteDef[] {
  const r = REMOTE_TASK_API[kind];
  return [
    defineRoute({
      endpoint: r.create,
      tag,
      summary: `Queue ${TITLES[kind]} tasks, one per array element (one meter each)`,
      handler: async (b, ctx) => service.taskRows(await service.create(ctx, kind, b)),
    }),
    defineRoute({
      endpoint: r.get,
      tag,
      summary: `List ${TITLES[kind]} tasks`,
      handler: (b, ctx) => service.read(b, ctx.user, kind),
    }),
    resendRoute(
      service,
      kind,
      `Resend ${TITLES[kind]} tasks: the same task back to StandBy as a new attempt`,
      r.resend,
      service.taskRows,
    ),
  ];
}

export function remoteTaskRoutes(service: RemoteTaskService): RouteDef[] {
  const tf = REMOTE_TASK_API.transparent;
  return [
    ...familyRoutes(service, 'reading'),
    ...familyRoutes(service, 'setting'),
    ...familyRoutes(service, 'control'),
    ...familyRoutes(service, 'token'),
    defineRoute({
      endpoint: tf.create,
      tag,
      summary: 'Queue transparent forwarding tasks: a raw DL/T 645 frame (hex), checked before it is queued',
      handler: async (b, ctx) => service.transparentRows(await service.createTransparent(ctx, b)),
    }),
    defineRoute({
      endpoint: tf.get,
      tag,
      summary: 'List transparent forwarding tasks',
      handler: (b, ctx) => service.readTransparent(b, ctx.user),
    }),
    resendRoute(
      service,
      'transparent',
      'Resend transparent forwarding tasks',
      tf.resend,
      service.transparentRows,
    ),
    defineRoute({
      endpoint: REMOTE_TASK_API.all,
      tag: 'DLT645Task',
      summary: 'All DL/T 645 tasks of every family',
      handler: (b, ctx) => service.read(b, ctx.user, null),
    }),
    defineRoute({
      endpoint: REMOTE_TASK_API.attempts,
      tag,
      summary: "A task's attempts: frames sent and received (hex), decoded value, outcome",
      handler: (b, ctx) => service.attempts(ctx.user, b.id),
    }),
  ];
}

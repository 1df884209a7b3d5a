import { GPRS_TASK_API, type TaskKind } from '@prepay/contracts';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import type { RemoteTaskService } from './remote-task.service.js';

const tag = 'GPRSMeterTask';
type Kind = Exclude<TaskKind, 'transparent'>;

function familyRoutes(service: RemoteTaskService, kind: Kind): RouteDef[] {
  const r = GPRS_TASK_API[kind];
  return [
    defineRoute({
      endpoint: r.create,
      tag,
      summary: `Queue GPRS ${kind} tasks on DLMS meters, one per array element; protocolId names the DLMS catalogue row`,
      handler: async (b, ctx) => service.gprsRows(await service.createGprs(ctx, kind, b)),
    }),
    defineRoute({
      endpoint: r.get,
      tag,
      summary: `List GPRS ${kind} tasks`,
      handler: (b, ctx) => service.readGprs(b, ctx.user, kind),
    }),
    defineRoute({
      endpoint: r.resend,
      tag,
      summary: `Resend GPRS ${kind} tasks: the same task back to StandBy as a new attempt`,
      handler: async (b, ctx) => service.gprsRows(await service.resend(ctx, kind, keysOf(b, 'id'))),
    }),
  ];
}

/** The original's GPRSMeterTask: tasks on DLMS meters, run over the head-end's DLMS transport. */
export const gprsTaskRoutes = (service: RemoteTaskService): RouteDef[] =>
  (['reading', 'setting', 'control', 'token'] as const).flatMap((k) => familyRoutes(service, k));

import { LOG_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { createLogService } from './log.service.js';

export function logRoutes(deps: Deps): RouteDef[] {
  const logs = createLogService(deps);
  return [
    defineRoute({
      endpoint: LOG_API.read,
      tag: 'Log',
      summary: 'The audit trail (read-only)',
      handler: (b, ctx) => logs.read(b, ctx.user),
    }),
  ];
}

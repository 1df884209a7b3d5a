import { LOG_PATHS, LogReadRequest, LogRow, page } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { createLogService } from './log.service.js';

export function logRoutes(deps: Deps): RouteDef[] {
  const logs = createLogService(deps);
  return [
    defineRoute({
      path: LOG_PATHS.read,
      permission: 'Setting.Log',
      tag: 'Log',
      summary: 'The audit trail (read-only)',
      body: LogReadRequest,
      result: page(LogRow),
      handler: (b, ctx) => logs.read(b, ctx.user),
    }),
  ];
}

import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { logRoutes } from './log.routes.js';

/** The audit log, read. */
export function logModule(deps: Deps): ServerModule {
  return { routes: logRoutes(deps) };
}

import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { stationRoutes } from './station.routes.js';

export function stationModule(deps: Deps): ServerModule {
  return { routes: stationRoutes(deps) };
}

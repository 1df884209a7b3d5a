import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { gatewayRoutes } from './gateway.routes.js';
import { createGatewayService } from './gateway.service.js';

export { readGateways } from './gateway.repo.js';
export { createGatewayService, type GatewayService } from './gateway.service.js';

export function gatewayModule(deps: Deps): ServerModule {
  return { routes: gatewayRoutes(createGatewayService(deps)) };
}

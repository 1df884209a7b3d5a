import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { networkRoutes } from './network.routes.js';
import { createFeederService, createTransformerService } from './network.service.js';

export { readFeeders, readTransformers } from './network.repo.js';
export {
  createFeederService,
  createTransformerService,
  type FeederService,
  type TransformerService,
} from './network.service.js';

/** Revenue protection: the feeders and transformers under the meters. */
export function revenueProtectionModule(deps: Deps): ServerModule {
  return { routes: networkRoutes(createFeederService(deps), createTransformerService(deps)) };
}

import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { caseRoutes } from './case.routes.js';
import { createCaseService } from './case.service.js';
import { findingRoutes } from './findings.routes.js';
import { createFindingsService } from './findings.service.js';
import { createLossService } from './losses.service.js';
import { networkRoutes } from './network.routes.js';
import { createFeederService, createTransformerService } from './network.service.js';

export { readFeeders, readTransformers } from './network.repo.js';
export {
  createFeederService,
  createTransformerService,
  type FeederService,
  type TransformerService,
} from './network.service.js';

/** Revenue protection: the feeders and transformers under the meters, and the findings on them. */
export function revenueProtectionModule(deps: Deps): ServerModule {
  return {
    routes: [
      ...networkRoutes(createFeederService(deps), createTransformerService(deps)),
      ...findingRoutes(deps, createFindingsService(deps)),
      ...caseRoutes(deps, createCaseService(deps), createLossService(deps)),
    ],
  };
}

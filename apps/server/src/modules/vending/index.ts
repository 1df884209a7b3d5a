import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createAuthorizationProofs } from './authorization-proof.js';
import { createCreditService } from './credit.service.js';
import { createManagementTokenService } from './management.service.js';
import { paymentsFeedRoute } from './payments-feed.js';
import { recordExportRoutes } from './record-export.js';
import { vendingRoutes } from './vending.routes.js';

export { VEND_FIGURES, type VendFigures } from './pricing.js';
export { vendWriteQueueOf } from './vend-write-queue.js';
export { recordConditions } from './vending.repo.js';

/**
 * Vending: credit, management and key-change tokens, their records and exports, and the payments feed.
 * Every token asks the user's authorization password (`checkAuthorizationPassword`, from auth).
 */
export function vendingModule(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationPasswordCheck,
): ServerModule {
  const authorize = createAuthorizationProofs(deps, checkAuthorizationPassword);
  return {
    routes: [
      ...vendingRoutes(
        deps,
        createCreditService(deps, authorize),
        createManagementTokenService(deps, authorize),
      ),
      ...recordExportRoutes(deps),
      paymentsFeedRoute(deps),
    ],
  };
}

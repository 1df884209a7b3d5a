import type { Database } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { VendWriteTotals } from '../../lib/metrics.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createAuthorizationProofs } from './authorization-proof.js';
import { createCreditService } from './credit.service.js';
import { createManagementTokenService } from './management.service.js';
import { paymentsFeedRoute } from './payments-feed.js';
import { recordExportRoutes } from './record-export.js';
import { vendWriteQueueOf } from './vend-write-queue.js';
import { vendingRoutes } from './vending.routes.js';

export { VEND_FIGURES, type VendFigures } from './pricing.js';
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

/**
 * What the credit vends' group commit has written so far on this database. Its queue lives as long as the
 * database handle (one per process and database); it holds nothing between writes, so it needs no closing.
 */
export function vendWriteTotals(database: Database): VendWriteTotals {
  return vendWriteQueueOf(database.db).stats;
}

export {
  type ChannelMeterContext,
  type ChannelSaleHooks,
  type ChannelSaleRequest,
  type ChannelTokenRecord,
  type ChannelVending,
  createChannelVending,
  type ReversalOutcome,
} from './channel-sale.js';

/** One meter's key change inside a caller's transaction: issue its tokens, or install it once accepted. */
export {
  findMeter,
  findMeters,
  lockKeyChangeRecord,
  lockKeyChangeRecords,
  setPendingKeyFields,
} from './key-change.repo.js';
export { type HeldKey, installKeyChanges, issueKeyChanges } from './key-change-batch.js';
export { installKeyChange, issueKeyChange, type Vendable } from './management.service.js';
export { requireVendable } from './vending-guards.js';

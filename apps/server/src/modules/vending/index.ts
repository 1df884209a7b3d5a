// The vending module's only public face: its routes (credit vends and their cancel, the management and
// key-change tokens, the token records, their exports and the payments feed), the group commit's totals,
// and what the cash-up reads of the vend's figures and record filters.
import type { Database } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import type { VendWriteTotals } from '../../lib/metrics.js';
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
 * The vending module, wired: `checkAuthorizationPassword` is the full (argon2) check of a user's
 * authorization password, which a session's proof stands in for after its first success.
 */
export function vending(
  deps: Deps,
  checkAuthorizationPassword: (userId: string, password: string) => Promise<void>,
) {
  const authorize = createAuthorizationProofs(deps, checkAuthorizationPassword);
  const routes: RouteDef[] = [
    ...vendingRoutes(
      deps,
      createCreditService(deps, authorize),
      createManagementTokenService(deps, authorize),
    ),
    ...recordExportRoutes(deps),
    paymentsFeedRoute(deps),
  ];
  return { routes };
}

/**
 * What the credit vends' group commit has written so far on this database. Its queue lives as long as the
 * database handle (one per process and database); it holds nothing between writes, so it needs no closing.
 */
export function vendWriteTotals(database: Database): VendWriteTotals {
  return vendWriteQueueOf(database.db).stats;
}

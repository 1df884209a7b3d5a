import type {
  ConsumptionStatisticsRequest,
  DebtPaymentsRequest,
  DebtSituationRequest,
  LongNonpurchaseRequest,
  LowPurchaseRequest,
  ReportScope,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import { consumptionStatistics } from './consumption.repo.js';
import { lowPurchase } from './low-purchase.repo.js';
import {
  accountsInScope,
  debtPayments,
  debtSituation,
  debtsInScope,
  longNonpurchase,
} from './prepay-report.repo.js';

/** The prepay reports, each scoped to the user's station; Long Nonpurchase counts days up to now. */
export function createPrepayReportService(deps: Deps) {
  const { db } = deps.database;
  return {
    longNonpurchase: async (b: LongNonpurchaseRequest, user: SessionUser) => {
      const now = deps.clock.now();
      const page = await longNonpurchase(db, b, user, now);
      // Days are counted up to now; the limit is the fewest days without a purchase asked for.
      const scope: ReportScope = {
        from: null,
        to: formatDateTime(now),
        threshold: b.nonpurchaseDaysStart ?? null,
        covered: page.total,
        of: await accountsInScope(db, b, user),
      };
      return { ...page, scope };
    },
    lowPurchase: (b: LowPurchaseRequest, user: SessionUser) => lowPurchase(db, b, user),
    debtSituation: async (b: DebtSituationRequest, user: SessionUser) => {
      const page = await debtSituation(db, b, user);
      // Debts stand as they are now; the list is read against every customer with a debt in scope.
      const scope: ReportScope = {
        from: null,
        to: formatDateTime(deps.clock.now()),
        threshold: null,
        covered: page.total,
        of: await debtsInScope(db, b, user),
      };
      return { ...page, scope };
    },
    consumptionStatistics: (b: ConsumptionStatisticsRequest, user: SessionUser) =>
      consumptionStatistics(db, b, user),
    debtPayments: (b: DebtPaymentsRequest, user: SessionUser) => debtPayments(db, b, user),
  };
}

export type PrepayReportService = ReturnType<typeof createPrepayReportService>;

import type {
  ConsumptionStatisticsRequest,
  DebtPaymentsRequest,
  DebtSituationRequest,
  LongNonpurchaseRequest,
  LowPurchaseRequest,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { consumptionStatistics } from './consumption.repo.js';
import { lowPurchase } from './low-purchase.repo.js';
import { debtPayments, debtSituation, longNonpurchase } from './prepay-report.repo.js';

/** The prepay reports, each scoped to the user's station; Long Nonpurchase counts days up to now. */
export function createPrepayReportService(deps: Deps) {
  const { db } = deps.database;
  return {
    longNonpurchase: (b: LongNonpurchaseRequest, user: SessionUser) =>
      longNonpurchase(db, b, user, deps.clock.now()),
    lowPurchase: (b: LowPurchaseRequest, user: SessionUser) => lowPurchase(db, b, user),
    debtSituation: (b: DebtSituationRequest, user: SessionUser) => debtSituation(db, b, user),
    consumptionStatistics: (b: ConsumptionStatisticsRequest, user: SessionUser) =>
      consumptionStatistics(db, b, user),
    debtPayments: (b: DebtPaymentsRequest, user: SessionUser) => debtPayments(db, b, user),
  };
}

export type PrepayReportService = ReturnType<typeof createPrepayReportService>;

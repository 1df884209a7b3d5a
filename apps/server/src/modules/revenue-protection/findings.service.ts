import type {
  BeyondCreditRequest,
  SuspectsRequest,
  TamperRequest,
  TransformerBalanceRequest,
  ZeroBuyersRequest,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { localDay } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { asOfDay } from './finding-scope.repo.js';
import { readTransformerBalance } from './findings.repo.js';
import { readBeyondCredit, readZeroBuyers } from './purchase-findings.repo.js';
import { readSuspects } from './suspects.repo.js';
import { readTamper } from './tamper.repo.js';

const transformerBalance = (deps: Deps, req: TransformerBalanceRequest, user: SessionUser) =>
  readTransformerBalance(deps.database.db, req, user);

/** The day a purchase finding looks up to: the one asked, or yesterday by the server's clock. */
const asOf = (deps: Deps, day: string | null | undefined) => asOfDay(day, localDay(deps.clock.now()));

const zeroBuyers = (deps: Deps, req: ZeroBuyersRequest, user: SessionUser) =>
  readZeroBuyers(deps.database.db, req, user, asOf(deps, req.asOf));

const consumptionBeyondCredit = (deps: Deps, req: BeyondCreditRequest, user: SessionUser) =>
  readBeyondCredit(deps.database.db, req, user, asOf(deps, req.asOf));

const tamper = (deps: Deps, req: TamperRequest, user: SessionUser) => readTamper(deps.database.db, req, user);

const suspects = (deps: Deps, req: SuspectsRequest, user: SessionUser) =>
  readSuspects(deps.database.db, req, user);

/** The findings: reads only, each scoped to the user's station. */
export function createFindingsService(deps: Deps) {
  return withDeps(deps, { transformerBalance, zeroBuyers, consumptionBeyondCredit, tamper, suspects });
}
export type FindingsService = ReturnType<typeof createFindingsService>;

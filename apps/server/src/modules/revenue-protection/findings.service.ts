import type { TransformerBalanceRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { readTransformerBalance } from './findings.repo.js';

const transformerBalance = (deps: Deps, req: TransformerBalanceRequest, user: SessionUser) =>
  readTransformerBalance(deps.database.db, req, user);

/** The findings: reads only, each scoped to the user's station. */
export function createFindingsService(deps: Deps) {
  return withDeps(deps, { transformerBalance });
}
export type FindingsService = ReturnType<typeof createFindingsService>;

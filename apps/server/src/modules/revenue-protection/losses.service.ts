import type { RevprotSummaryRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { readTransformerLosses } from './losses.repo.js';

const summary = async (deps: Deps, req: RevprotSummaryRequest, user: SessionUser) => ({
  transformers: await readTransformerLosses(deps.database.db, req, user),
});

/** The losses over a range, per transformer: the dashboard's card and the planted-theft check. */
export function createLossService(deps: Deps) {
  return withDeps(deps, { summary });
}
export type LossService = ReturnType<typeof createLossService>;

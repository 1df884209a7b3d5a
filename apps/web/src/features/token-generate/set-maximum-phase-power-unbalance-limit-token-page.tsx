import { prefetchAccounts } from './account-list';
import { MANAGEMENT_KINDS, ManagementTokenPage } from './management-token-page';

export const prefetch = prefetchAccounts(MANAGEMENT_KINDS.maxPhaseUnbalance.resource);

export default function Page() {
  return <ManagementTokenPage kind={MANAGEMENT_KINDS.maxPhaseUnbalance} />;
}

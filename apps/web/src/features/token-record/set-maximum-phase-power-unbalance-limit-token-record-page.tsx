import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('maxPhaseUnbalance');

export default function Page() {
  return <TokenRecordPage kind="maxPhaseUnbalance" />;
}

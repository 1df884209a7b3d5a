import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('maxPower');

export default function Page() {
  return <TokenRecordPage kind="maxPower" />;
}

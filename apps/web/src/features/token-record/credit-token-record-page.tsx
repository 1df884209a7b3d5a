import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('credit');

export default function Page() {
  return <TokenRecordPage kind="credit" />;
}

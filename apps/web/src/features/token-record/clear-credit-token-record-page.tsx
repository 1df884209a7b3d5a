import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('clearCredit');

export default function Page() {
  return <TokenRecordPage kind="clearCredit" />;
}

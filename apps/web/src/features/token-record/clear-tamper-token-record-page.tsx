import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('clearTamper');

export default function Page() {
  return <TokenRecordPage kind="clearTamper" />;
}

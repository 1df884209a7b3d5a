import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('maxOverdraft');

export default function Page() {
  return <TokenRecordPage kind="maxOverdraft" />;
}

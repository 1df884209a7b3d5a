import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('creditCancel');

export default function Page() {
  return <TokenRecordPage kind="creditCancel" />;
}

import { recordPrefetch, TokenRecordPage } from './token-record-page';

export const prefetch = recordPrefetch('changeKey');

export default function Page() {
  return <TokenRecordPage kind="changeKey" />;
}

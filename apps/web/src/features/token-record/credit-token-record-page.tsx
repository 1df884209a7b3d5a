import { TokenRecordPage } from './token-record-page';

export default function Page() {
  return <TokenRecordPage kind="credit" />;
}

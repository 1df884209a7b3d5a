import { MANAGEMENT_KINDS, ManagementTokenPage } from './management-token-page';

export default function Page() {
  return <ManagementTokenPage kind={MANAGEMENT_KINDS.maxPower} />;
}

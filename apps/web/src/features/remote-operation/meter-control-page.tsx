import { RemoteOperationPage } from './remote-operation-page';

export default function Page() {
  return <RemoteOperationPage kind="control" />;
}

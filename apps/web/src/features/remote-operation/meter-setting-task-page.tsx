import { TaskListPage } from './task-list-page';

export default function Page() {
  return <TaskListPage kind="setting" />;
}

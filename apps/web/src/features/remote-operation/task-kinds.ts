import { Dlt645Type, type TaskKind, TaskStatus } from '@prepay/contracts';

/** Per task family: its catalogue type, the two pages and their title keys. */
export const KINDS: Record<
  TaskKind,
  { catalogueType: Dlt645Type | -1; page: string; taskPage: string; title: string; taskTitle: string }
> = {
  reading: {
    catalogueType: Dlt645Type.reading,
    page: '/remote-operation/remote-meter-reading',
    taskPage: '/remote-operation-record/remote-meter-reading-task',
    title: 'route.remoteMeterReading',
    taskTitle: 'route.remoteMeterReadingTask',
  },
  setting: {
    catalogueType: Dlt645Type.setting,
    page: '/remote-operation/remote-meter-setting',
    taskPage: '/remote-operation-record/remote-meter-setting-task',
    title: 'route.remoteMeterSetting',
    taskTitle: 'route.remoteMeterSettingTask',
  },
  control: {
    catalogueType: Dlt645Type.control,
    page: '/remote-operation/remote-meter-control',
    taskPage: '/remote-operation-record/remote-meter-control-task',
    title: 'route.remoteMeterControl',
    taskTitle: 'route.remoteMeterControlTask',
  },
  token: {
    catalogueType: Dlt645Type.token,
    page: '/remote-operation/remote-meter-token',
    taskPage: '/remote-operation-record/remote-meter-token-task',
    title: 'route.remoteMeterToken',
    taskTitle: 'route.remoteMeterTokenTask',
  },
  transparent: {
    catalogueType: -1,
    page: '/remote-operation/transparent-forwarding',
    taskPage: '/remote-operation-record/transparent-forwarding-task',
    title: 'route.transparentForwarding',
    taskTitle: 'route.transparentForwardingTask',
  },
};

/** Original status codes → label keys and tag colours. */
export const STATUS: Record<number, { key: string; color: string }> = {
  [TaskStatus.standBy]: { key: 'remote.standBy', color: 'default' },
  [TaskStatus.running]: { key: 'remote.running', color: 'processing' },
  [TaskStatus.success]: { key: 'remote.success', color: 'success' },
  [TaskStatus.failure]: { key: 'remote.failure', color: 'error' },
};

/** The status filter's order, as the original lists them. */
export const STATUS_ORDER = [TaskStatus.standBy, TaskStatus.running, TaskStatus.success, TaskStatus.failure];

/** Still to run: the task list re-reads on its own while one of these shows. */
export const isPending = (status: number) => status === TaskStatus.standBy || status === TaskStatus.running;

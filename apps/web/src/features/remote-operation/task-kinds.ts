import { TASK_ROUTES, type TaskKind } from '@prepay/contracts';

/** Per task family: its API paths, catalogue type, the two pages and their title keys. */
export const KINDS: Record<
  TaskKind,
  { catalogueType: number; page: string; taskPage: string; title: string; taskTitle: string }
> = {
  reading: {
    catalogueType: 0,
    page: '/remote-operation/remote-meter-reading',
    taskPage: '/remote-operation-record/remote-meter-reading-task',
    title: 'route.remoteMeterReading',
    taskTitle: 'route.remoteMeterReadingTask',
  },
  setting: {
    catalogueType: 1,
    page: '/remote-operation/remote-meter-setting',
    taskPage: '/remote-operation-record/remote-meter-setting-task',
    title: 'route.remoteMeterSetting',
    taskTitle: 'route.remoteMeterSettingTask',
  },
  control: {
    catalogueType: 2,
    page: '/remote-operation/remote-meter-control',
    taskPage: '/remote-operation-record/remote-meter-control-task',
    title: 'route.remoteMeterControl',
    taskTitle: 'route.remoteMeterControlTask',
  },
  token: {
    catalogueType: 3,
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

export const pathsOf = (kind: TaskKind) => TASK_ROUTES[kind];

/** Original status codes → label keys and tag colours. */
export const STATUS: Record<number, { key: string; color: string }> = {
  0: { key: 'remote.standBy', color: 'default' },
  3: { key: 'remote.running', color: 'processing' },
  1: { key: 'remote.success', color: 'success' },
  2: { key: 'remote.failure', color: 'error' },
};

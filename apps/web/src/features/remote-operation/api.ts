import { DLT645_API, REMOTE_TASK_API, type RequestOf, type TaskKind } from '@prepay/contracts';
import type { GridRead } from '../../components/list-page/list-query';
import { call } from '../../lib/call';
import type { TaskRow } from './task-columns';

type Families = typeof REMOTE_TASK_API;
/** The create request of any task family: meter tasks, or transparent frames. */
export type TaskLines = RequestOf<Families[TaskKind]['create']>;

export const createTasks = (kind: TaskKind, lines: TaskLines) => call(REMOTE_TASK_API[kind].create, lines);

/** The same tasks back to StandBy, as new attempts. */
export const resendTask = (kind: TaskKind, id: number) => call(REMOTE_TASK_API[kind].resend, [{ id }]);

/** A family's task list, the grid of its record page. */
export const taskList = (kind: TaskKind): GridRead<TaskRow> => REMOTE_TASK_API[kind].get;

export const readAttempts = (id: number) => call(REMOTE_TASK_API.attempts, { id });

export const readDataItemTree = (body: RequestOf<typeof DLT645_API.tree>) => call(DLT645_API.tree, body);

/** Remote meter tasks: create, list and resend per family, every family's list, a task's attempts. */
import { z } from 'zod';
import { page } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import {
  DLT645_TASK_READ_PATH,
  RemoteTaskBody,
  RemoteTaskReadRequest,
  RemoteTaskRow,
  TASK_ATTEMPTS_PATH,
  TASK_ROUTES,
  TaskAttemptRow,
  TaskAttemptsRequest,
  type TaskKind,
  TaskUpdateBody,
  TransparentTaskBody,
  TransparentTaskRow,
} from '../remote-task.js';

/** One task family: create (`createKey`), list and resend (`recordKey`), answered as `row`. */
function family<Body extends z.ZodType, Row extends z.ZodType>(kind: TaskKind, body: Body, row: Row) {
  const r = TASK_ROUTES[kind];
  return {
    create: defineEndpoint({ path: r.create, request: body, result: z.array(row), permission: r.createKey }),
    get: defineEndpoint({
      path: r.get,
      request: RemoteTaskReadRequest,
      result: page(row),
      permission: r.recordKey,
    }),
    resend: defineEndpoint({
      path: r.update,
      request: TaskUpdateBody,
      result: z.array(row),
      permission: r.recordKey,
    }),
  };
}

const RECORD_KEYS = Object.values(TASK_ROUTES).map((r) => r.recordKey);

export const REMOTE_TASK_API = {
  reading: family('reading', RemoteTaskBody, RemoteTaskRow),
  setting: family('setting', RemoteTaskBody, RemoteTaskRow),
  control: family('control', RemoteTaskBody, RemoteTaskRow),
  token: family('token', RemoteTaskBody, RemoteTaskRow),
  /** A raw DL/T 645 frame (hex), checked before it is queued. */
  transparent: family('transparent', TransparentTaskBody, TransparentTaskRow),
  /** All DL/T 645 tasks of every family. */
  all: defineEndpoint({
    path: DLT645_TASK_READ_PATH,
    request: RemoteTaskReadRequest,
    result: page(RemoteTaskRow),
    permission: RECORD_KEYS,
  }),
  /** A task's attempts: frames sent and received (hex), decoded value, outcome. */
  attempts: defineEndpoint({
    path: TASK_ATTEMPTS_PATH,
    request: TaskAttemptsRequest,
    result: z.array(TaskAttemptRow),
    permission: RECORD_KEYS,
  }),
};

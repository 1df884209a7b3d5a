import { z } from 'zod';
import { MeterCustomerColumns } from './account.js';
import { AuditFields, DateTime, nullableTexts, ReadRequestBase } from './common.js';
import type { PermissionKey } from './permissions.js';

/** Task status as the original: 0 StandBy, 1 Success, 2 Failure, 3 Running. */
export const TaskStatus = { standBy: 0, success: 1, failure: 2, running: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TASK_KINDS = ['reading', 'setting', 'control', 'token', 'transparent'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** What one exchange with the meter ended in. */
export const ATTEMPT_OUTCOMES = [
  'success',
  'meter-error',
  'no-reply',
  'offline',
  'bad-frame',
  'busy',
  'interrupted',
] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

const OptText = (max: number) => z.string().trim().max(max).nullish();

/**
 * Additive, for a task that cuts a customer's supply (Switch Off, a raw relay-trip frame): why (stored as
 * the task's remark, shown in its record and audit) and the user's authorization password. Optional on the
 * wire as the original; the server demands them where SWITCH_OFF_REQUIRES_AUTHORIZATION is set, and checks
 * a password whenever one is sent.
 */
const SupplyCutGuard = {
  remark: OptText(500),
  authorizationPassword: z.string().max(128).nullish(),
};

/** DLT645TaskRequest: everything nullable as the original; the server says which member is missing. */
export const RemoteTaskRequest = z.object({
  customerId: OptText(64),
  meterId: OptText(64),
  /** The meter's protocol version ("2.2"); the meter's own is used when absent. */
  version: OptText(16),
  flag: OptText(8),
  dataDefault: OptText(64),
  data: OptText(200),
  stationId: OptText(64),
  ...SupplyCutGuard,
});
export type RemoteTaskRequest = z.infer<typeof RemoteTaskRequest>;

export const TransparentTaskRequest = z.object({
  meterId: OptText(64),
  stationId: OptText(64),
  sendFrame: z.string().max(1200).nullish(),
  ...SupplyCutGuard,
});
export type TransparentTaskRequest = z.infer<typeof TransparentTaskRequest>;

export const TaskUpdateRequest = z.object({ id: z.number().int().min(1) });

/** A request body: one to 10,000 tasks. */
const taskList = <T extends z.ZodType>(task: T) =>
  z.array(task).min(1, 'at least one task is required').max(10000);
export const RemoteTaskBody = taskList(RemoteTaskRequest);
export const TransparentTaskBody = taskList(TransparentTaskRequest);
export const TaskUpdateBody = taskList(TaskUpdateRequest);

/** Which task, for which meter (and its account's customer). */
const taskSubject = { id: z.number().int(), ...MeterCustomerColumns };

/** How the task stands: its status, why the last attempt failed, how many attempts ran. */
const taskOutcome = {
  status: z.number().int(),
  /** Why the last attempt failed, in words ("offline", "meter error: password wrong"). */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  stationId: z.string(),
  ...AuditFields,
};

export const RemoteTaskRow = z.object({
  ...taskSubject,
  // name: the data item in the requested language ("Total Consumption", "Switch Off", "Send Token");
  // data: the decoded result (or the payload sent: token digits, the value written); dataPrefix:
  // labels aligned with the comma-separated values of `data`.
  ...nullableTexts('name', 'flag', 'data', 'dataPrefix'),
  ...taskOutcome,
});
export type RemoteTaskRow = z.infer<typeof RemoteTaskRow>;

export const TransparentTaskRow = z.object({
  ...taskSubject,
  sendFrame: z.string().nullable(),
  receiveFrame: z.string().nullable(),
  ...taskOutcome,
});
export type TransparentTaskRow = z.infer<typeof TransparentTaskRow>;

export const RemoteTaskReadRequest = ReadRequestBase.extend({
  lang: z
    .string({ error: 'The Lang field is required.' })
    .trim()
    .min(1, 'The Lang field is required.')
    .max(8),
  id: z.number().int().nullish(),
  customerId: z.string().nullish(),
  customerName: z.string().nullish(),
  meterId: z.string().nullish(),
  name: z.string().nullish(),
  status: z.number().int().min(0).max(3).nullish(),
  remark: z.string().nullish(),
});
export type RemoteTaskReadRequest = z.infer<typeof RemoteTaskReadRequest>;

export const TaskAttemptsRequest = z.object({ id: z.number().int().min(1) });
export const TaskAttemptRow = z.object({
  attempt: z.number().int(),
  outcome: z.string().nullable(),
  /** The frame sent and the raw reply, as spaced upper-case hex. */
  sendFrame: z.string().nullable(),
  receiveFrame: z.string().nullable(),
  value: z.string().nullable(),
  errorWord: z.number().int().nullable(),
  detail: z.string().nullable(),
  transport: z.string().nullable(),
  startDate: DateTime.nullable(),
  endDate: DateTime.nullable(),
});
export type TaskAttemptRow = z.infer<typeof TaskAttemptRow>;

/** Paths and keys of each task family. */
export const TASK_ROUTES = {
  reading: {
    create: '/API/RemoteMeterTask/CreateReadingTask',
    get: '/API/RemoteMeterTask/GetReadingTask',
    update: '/API/RemoteMeterTask/UpdateReadingTask',
    createKey: 'RemoteMeterTask.CreateReadingTask',
    recordKey: 'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
  },
  setting: {
    create: '/API/RemoteMeterTask/CreateSettingTask',
    get: '/API/RemoteMeterTask/GetSettingTask',
    update: '/API/RemoteMeterTask/UpdateSettingTask',
    createKey: 'RemoteMeterTask.CreateSettingTask',
    recordKey: 'RemoteMeterTaskRecord.GetSettingTask+RemoteMeterTaskRecord.UpdateSettingTask',
  },
  control: {
    create: '/API/RemoteMeterTask/CreateControlTask',
    get: '/API/RemoteMeterTask/GetControlTask',
    update: '/API/RemoteMeterTask/UpdateControlTask',
    createKey: 'RemoteMeterTask.CreateControlTask',
    recordKey: 'RemoteMeterTaskRecord.GetControlTask+RemoteMeterTaskRecord.UpdateControlTask',
  },
  token: {
    create: '/API/RemoteMeterTask/CreateTokenTask',
    get: '/API/RemoteMeterTask/GetTokenTask',
    update: '/API/RemoteMeterTask/UpdateTokenTask',
    createKey: 'RemoteMeterTask.CreateTokenTask',
    recordKey: 'RemoteMeterTaskRecord.GetTokenTask+RemoteMeterTaskRecord.UpdateTokenTask',
  },
  transparent: {
    create: '/API/RemoteMeterTask/CreateTransparentForwardingTask',
    get: '/API/RemoteMeterTask/GetTransparentForwardingTask',
    update: '/API/RemoteMeterTask/UpdateTransparentForwardingTask',
    createKey: 'RemoteMeterTask.CreateTransparentForwardingTask',
    recordKey: 'RemoteMeterTaskRecord.GetTransparentForwardingTaskRecord',
  },
} as const satisfies Record<
  TaskKind,
  { create: string; get: string; update: string; createKey: PermissionKey; recordKey: PermissionKey }
>;

export const DLT645_TASK_READ_PATH = '/api/DLT645Task/read';
export const TASK_ATTEMPTS_PATH = '/api/RemoteMeterTask/GetTaskAttempts';
export const TASK_EXPORT_PATH = '/api/RemoteMeterTask/export';

/** A 20-digit STS token as typed: digits and spaces only, exactly 20 digits once spaces are removed. */
export const TOKEN_INPUT_PATTERN = /^[\d ]+$/;
export function normaliseToken(input: string): string | null {
  if (!TOKEN_INPUT_PATTERN.test(input)) return null;
  const digits = input.replace(/ /g, '');
  return digits.length === 20 ? digits : null;
}

/**
 * GPRS protocol tasks (the original's GPRSMeterTask): tasks on DLMS/COSEM meters that name their data item
 * by `protocolId`, the DLMS catalogue row's id. Same families, statuses and permissions as the DL/T 645
 * remote tasks; rows add `concentratorId` as the original's do.
 */
import { z } from 'zod';
import { MeterCustomerColumns } from '../account.js';
import { AuditFields, nullableTexts, page } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { RemoteTaskReadRequest, TASK_ROUTES, type TaskKind, TaskUpdateBody } from '../remote-task.js';

const OptText = (max: number) => z.string().trim().max(max).nullish();

/** ProtocolTaskRequest, with the supply-cut guard of every task that may cut supply. */
export const ProtocolTaskRequest = z.object({
  customerId: OptText(64),
  meterId: OptText(64),
  protocolId: z.number().int().min(1),
  data: OptText(200),
  stationId: OptText(64),
  remark: OptText(500),
  authorizationPassword: z.string().max(128).nullish(),
});
export type ProtocolTaskRequest = z.infer<typeof ProtocolTaskRequest>;
export const ProtocolTaskBody = z
  .array(ProtocolTaskRequest)
  .min(1, 'at least one task is required')
  .max(10000);

export const ProtocolTaskRow = z.object({
  id: z.number().int(),
  ...MeterCustomerColumns,
  /** The concentrator the meter is reached through; null for a meter reached directly. */
  concentratorId: z.string().nullable(),
  ...nullableTexts('name', 'data', 'dataPrefix'),
  status: z.number().int(),
  /** Additive: why the last attempt failed, and how many ran. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  stationId: z.string(),
  ...AuditFields,
});
export type ProtocolTaskRow = z.infer<typeof ProtocolTaskRow>;

type GprsKind = Exclude<TaskKind, 'transparent'>;
const NAMES: Record<GprsKind, string> = {
  reading: 'Reading',
  setting: 'Setting',
  control: 'Control',
  token: 'Token',
};

function family(kind: GprsKind) {
  const r = TASK_ROUTES[kind];
  const name = NAMES[kind];
  return {
    create: defineEndpoint({
      path: `/API/GPRSMeterTask/GPRSCreate${name}Task`,
      request: ProtocolTaskBody,
      result: z.array(ProtocolTaskRow),
      permission: r.createKey,
    }),
    get: defineEndpoint({
      path: `/API/GPRSMeterTask/GPRSGet${name}Task`,
      request: RemoteTaskReadRequest,
      result: page(ProtocolTaskRow),
      permission: r.recordKey,
    }),
    resend: defineEndpoint({
      path: `/API/GPRSMeterTask/GPRSUpdate${name}Task`,
      request: TaskUpdateBody,
      result: z.array(ProtocolTaskRow),
      permission: r.recordKey,
    }),
  };
}

export const GPRS_TASK_API = {
  reading: family('reading'),
  setting: family('setting'),
  control: family('control'),
  token: family('token'),
};

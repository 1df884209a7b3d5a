import { z } from 'zod';
import { AccountCustomerColumns } from './account.js';
import { DateRange, DateTime, IdFilter, ReadRequestBase, Remark } from './common.js';

export const ALARM_KINDS = ['tamper', 'relay', 'lowCredit', 'offline'] as const;
export const AlarmKind = z.enum(ALARM_KINDS);
export type AlarmKind = z.infer<typeof AlarmKind>;

export const AlarmReadRequest = ReadRequestBase.extend({
  meterId: IdFilter,
  kind: AlarmKind.nullish(),
  acknowledged: z.boolean().nullish(),
  raisedDateRange: DateRange,
});
export type AlarmReadRequest = z.infer<typeof AlarmReadRequest>;

export const AlarmRow = z.object({
  id: z.number().int(),
  meterId: z.string(),
  ...AccountCustomerColumns,
  stationId: z.string(),
  kind: AlarmKind,
  detail: z.string().nullable(),
  raisedDate: DateTime,
  currentDate: DateTime.nullable(),
  acknowledged: z.boolean(),
  ackId: z.string().nullable(),
  ackDate: DateTime.nullable(),
  ackRemark: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof AlarmRow>;

export const AlarmAcknowledgeRequest = z.object({ id: z.number().int().min(1), remark: Remark });
export type AlarmAcknowledgeRequest = z.infer<typeof AlarmAcknowledgeRequest>;

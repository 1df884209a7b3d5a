import { z } from 'zod';
import { AuditFields, DateRange, DateTime, ReadRequestBase } from './common.js';

export const LogRow = z.object({
  /** An integer, as the original's LogInfoResponse. */
  logId: z.number().int(),
  title: z.string(),
  action: z.string(),
  content: z.string().nullable(),
  contentBefore: z.string().nullable(),
  contentAfter: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userId: z.string().nullable(),
  stationId: z.string().nullable(),
  ...AuditFields,
  /** A log row is always dated: written once, never changed. */
  createDate: DateTime,
  updateDate: DateTime,
});
export type LogRow = z.infer<typeof LogRow>;
export const LogReadRequest = ReadRequestBase.extend({
  title: z.string().nullish(),
  action: z.string().nullish(),
  userId: z.string().nullish(),
  ipAddress: z.string().nullish(),
  createDateRange: DateRange,
});

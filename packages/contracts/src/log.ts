import { z } from 'zod';
import { DateRange, DateTime, ReadRequestBase } from './common.js';

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
  createId: z.string().nullable(),
  createDate: DateTime,
  updateId: z.string().nullable(),
  updateDate: DateTime,
  remark: z.string().nullable(),
});
export type LogRow = z.infer<typeof LogRow>;
export const LogReadRequest = ReadRequestBase.extend({
  title: z.string().nullish(),
  action: z.string().nullish(),
  userId: z.string().nullish(),
  ipAddress: z.string().nullish(),
  createDateRange: DateRange,
});

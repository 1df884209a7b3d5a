import { z } from 'zod';
import { AuditFields, DateRange, DateTime, nullableTexts, ReadRequestBase } from './common.js';

export const LogRow = z.object({
  /** An integer, as the original's LogInfoResponse. */
  logId: z.number().int(),
  title: z.string(),
  action: z.string(),
  ...nullableTexts('content', 'contentBefore', 'contentAfter', 'ipAddress', 'userId', 'stationId'),
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

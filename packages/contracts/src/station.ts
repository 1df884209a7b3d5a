import { z } from 'zod';
import { AuditFields, Id, NameReadRequest, Remark } from './common.js';

export const StationRequest = z.object({
  stationId: Id,
  name: z.string().trim().min(1, 'Required').max(128),
  remark: Remark,
});
export const StationDeleteRequest = z.object({ stationId: Id });
export const StationRow = z.object({
  stationId: z.string(),
  name: z.string(),
  isSystem: z.boolean(),
  ...AuditFields,
});
export type StationRow = z.infer<typeof StationRow>;
export const StationReadRequest = NameReadRequest;

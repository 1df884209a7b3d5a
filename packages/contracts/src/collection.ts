import { z } from 'zod';

/**
 * Meter-data collection: the scheduler reads frozen data through reading tasks; an operator can ask
 * for a meter and a date range again (`/api/collection/recollect`).
 */
export const COLLECTION_PATHS = {
  recollect: '/api/collection/recollect',
  jobs: '/api/collection/jobs',
} as const;

/** Re-collecting is a change (it queues reading tasks), so it has its own key, granted per role. */
export const RECOLLECT_PERMISSION = 'AutomaticMeterReading.Recollect' as const;

/** The most days one request may span (a meter keeps 62 daily freezes; the newest are the ones read). */
export const RECOLLECT_MAX_DAYS = 31;

export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a calendar day');

export const CollectionKind = z.enum(['daily', 'monthly']);
export type CollectionKind = z.infer<typeof CollectionKind>;

export const RecollectRequest = z
  .object({
    meterId: z.string().trim().min(1).max(64),
    /** First and last reading day, inclusive ("yyyy-MM-dd"); monthly uses the months they fall in. */
    startDate: CalendarDay,
    endDate: CalendarDay,
    kind: CollectionKind.default('daily'),
  })
  .refine((r) => r.startDate <= r.endDate, { message: 'startDate is after endDate', path: ['endDate'] })
  .refine(
    (r) =>
      (Date.parse(`${r.endDate}T00:00:00Z`) - Date.parse(`${r.startDate}T00:00:00Z`)) / 86_400_000 <
      RECOLLECT_MAX_DAYS,
    { message: `at most ${RECOLLECT_MAX_DAYS} days per request`, path: ['endDate'] },
  );
export type RecollectRequest = z.infer<typeof RecollectRequest>;

export const CollectionJobStatus = z.enum(['pending', 'running', 'done', 'failed', 'nodata']);

export const CollectionJobRow = z.object({
  meterId: z.string(),
  kind: z.string(),
  /** The reading day ("yyyy-MM-dd"; monthly: the first day of the month). */
  period: z.string(),
  status: CollectionJobStatus,
  attempts: z.number(),
  reason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  updateDate: z.string().nullable(),
});
export type CollectionJobRow = z.infer<typeof CollectionJobRow>;

export const RecollectResult = z.object({ queued: z.number(), jobs: z.array(CollectionJobRow) });
export type RecollectResult = z.infer<typeof RecollectResult>;

export const CollectionJobsRequest = z.object({
  meterId: z.string().trim().min(1).max(64),
  startDate: CalendarDay.nullish(),
  endDate: CalendarDay.nullish(),
});
export type CollectionJobsRequest = z.infer<typeof CollectionJobsRequest>;

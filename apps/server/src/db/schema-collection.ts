import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { insertedDate, lastWrittenDate, serialId, ts } from './columns.js';

export type CollectionJobKind = 'daily' | 'monthly' | 'hourly';
export type CollectionJobState = 'pending' | 'running' | 'done' | 'failed' | 'nodata';

/**
 * One row per meter, kind and period: the marker that makes collection restart-safe and run once. A
 * sweep inserts missing markers (ON CONFLICT DO NOTHING), so two processes cannot create a period twice;
 * the reading tasks it queued are listed in `taskIds` and their answers become meter-data rows when all
 * have finished. A failed period goes back to pending on a later sweep (gap re-collection).
 */
export const collectionJobs = pgTable(
  'collection_jobs',
  {
    id: serialId(),
    meterId: text('meter_id').notNull(),
    kind: text('kind').$type<CollectionJobKind>().notNull(),
    /** daily: the reading day; monthly: the first day of the month; hourly: the day of `hour`. */
    period: date('period', { mode: 'string' }).notNull(),
    /** hourly only: the hour of the day (0–23); -1 for daily and monthly. */
    hour: integer('hour').notNull().default(-1),
    stationId: text('station_id').notNull(),
    status: text('status').$type<CollectionJobState>().notNull().default('pending'),
    /** Reading tasks of the current attempt, by role ("time", "energy", "previous", "credit", "status"). */
    taskIds: jsonb('task_ids').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    /** "scheduler" or the operator who asked for a re-collection. */
    requestedBy: text('requested_by').notNull().default('scheduler'),
    /** Not before this instant (a failed period waits before it is tried again). */
    retryAfter: ts('retry_after'),
    createDate: insertedDate(),
    updateDate: lastWrittenDate(),
  },
  (t) => [
    uniqueIndex('collection_jobs_key').on(t.meterId, t.kind, t.period, t.hour),
    index('collection_jobs_status_idx').on(t.status, t.id),
  ],
);

/** Leadership: one row per schedule; whoever holds an unexpired lease runs the sweeps. */
export const collectionLeases = pgTable('collection_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

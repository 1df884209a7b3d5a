import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, bytea, createdColumns, serialId } from './columns.js';

/** Firmware images uploaded for meters ("meter") or concentrators ("concentrator"), by file name. */
export const firmwareFiles = pgTable('firmware_files', {
  fileName: text('file_name').primaryKey(),
  kind: text('kind').$type<'meter' | 'concentrator'>().notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  stationId: text('station_id'),
  ...createdColumns,
});

/**
 * One meter's firmware upgrade by image transfer: its state (0 standby, 3 running, 1 success, 2 failure)
 * and how far the transfer got, so a page shows per-meter progress and a dropped link resumes.
 */
export const firmwareTasks = pgTable(
  'firmware_tasks',
  {
    id: serialId(),
    meterId: text('meter_id').notNull(),
    fileName: text('file_name').notNull(),
    stationId: text('station_id').notNull(),
    status: integer('status').notNull().default(0),
    blocksDone: integer('blocks_done').notNull().default(0),
    blockCount: integer('block_count').notNull().default(0),
    reason: text('reason'),
    ...auditColumns,
  },
  (t) => [
    index('firmware_tasks_station_idx').on(t.stationId, t.id),
    index('firmware_tasks_meter_idx').on(t.meterId, t.id),
  ],
);

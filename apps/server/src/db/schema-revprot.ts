import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigNumber, bigNumberZero, bytea, insertedDate, ts } from './columns.js';
import { stationRowColumns } from './schema.js';

/** A medium-voltage feeder: the line that supplies a group of distribution transformers. */
export const feeders = pgTable(
  'feeders',
  {
    feederId: text('feeder_id').primaryKey(),
    feederName: text('feeder_name'),
    ...stationRowColumns(),
  },
  (t) => [index('feeders_station_idx').on(t.stationId, t.feederId)],
);

/**
 * A distribution transformer. Its check meter is a meter of the fleet, read like the others: what it
 * registers is the energy the customers under it really took, losses included.
 */
export const transformers = pgTable(
  'transformers',
  {
    transformerId: text('transformer_id').primaryKey(),
    transformerName: text('transformer_name'),
    feederId: text('feeder_id').references(() => feeders.feederId),
    checkMeterId: text('check_meter_id'),
    /** Rated power in kVA. */
    capacityKva: integer('capacity_kva'),
    ...stationRowColumns(),
  },
  (t) => [
    index('transformers_station_idx').on(t.stationId, t.transformerId),
    index('transformers_feeder_idx').on(t.feederId),
    index('transformers_check_meter_idx').on(t.checkMeterId),
  ],
);

/** A revenue-protection case: a suspected meter followed from opening to inspection and closing. */
export const revprotCases = pgTable(
  'revprot_cases',
  {
    caseId: bigserial('case_id', { mode: 'number' }).primaryKey(),
    meterId: text('meter_id').notNull(),
    customerId: text('customer_id'),
    /** 'suspect' when opened from the ranked suspects, 'manual' otherwise. */
    source: text('source').notNull().default('manual'),
    /** Why it was opened: the suspect's evidence, or the officer's words. */
    reason: text('reason'),
    /** 0 open, 1 assigned, 2 inspected, 3 closed. */
    status: integer('status').notNull().default(0),
    assignedTo: text('assigned_to'),
    findings: text('findings'),
    /** null until inspected; 0 confirmed tampering, 1 bypass, 2 faulty meter, 3 no fault. */
    outcome: integer('outcome'),
    inspectedDate: ts('inspected_date'),
    recoveredMinor: bigNumberZero('recovered_minor'),
    closedDate: ts('closed_date'),
    ...stationRowColumns(),
  },
  (t) => [
    index('revprot_cases_station_idx').on(t.stationId, t.status, t.caseId),
    index('revprot_cases_meter_idx').on(t.meterId),
  ],
);

/** Inspection photos (PNG), kept apart from the case row so reading the list never loads them. */
export const revprotCasePhotos = pgTable(
  'revprot_case_photos',
  {
    photoId: bigserial('photo_id', { mode: 'number' }).primaryKey(),
    caseId: bigNumber('case_id')
      .notNull()
      .references(() => revprotCases.caseId, { onDelete: 'cascade' }),
    png: bytea('png').notNull(),
    createDate: insertedDate(),
  },
  (t) => [index('revprot_case_photos_case_idx').on(t.caseId)],
);

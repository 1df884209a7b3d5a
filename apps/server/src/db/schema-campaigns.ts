import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Which meters a campaign takes: every given field narrows the set (an empty selection takes none). */
export interface CampaignSelection {
  sgc?: string;
  krn?: number;
  ti?: number;
  baseYear?: number;
  stationId?: string;
  meterIds?: string[];
}

/** Where a campaign moves its meters: the new key revision and/or base date (other key fields stay). */
export interface CampaignTarget {
  krn: number;
  baseYear: number;
}

/** A key-change campaign: its selection and target as started; its meters are in `key_campaign_meters`. */
export const keyCampaigns = pgTable('key_campaigns', {
  campaignId: serial('campaign_id').primaryKey(),
  name: text('name').notNull(),
  /** The starting user's station, or null for a system administrator's fleet-wide campaign. */
  stationId: text('station_id'),
  selection: jsonb('selection').$type<CampaignSelection>().notNull(),
  target: jsonb('target').$type<CampaignTarget>().notNull(),
  createId: text('create_id').notNull(),
  createDate: ts('create_date').notNull(),
});

/**
 * One meter of a campaign. The primary key (campaign, meter) lets a meter's tokens be issued once per
 * campaign: the issue and the move from `pending` to `issued` commit in one transaction.
 */
export const keyCampaignMeters = pgTable(
  'key_campaign_meters',
  {
    campaignId: integer('campaign_id').notNull(),
    meterId: text('meter_id').notNull(),
    /** pending → issued → delivered (by remote token tasks) → accepted, or failed (with `error`). */
    state: text('state').notNull().default('pending'),
    /** The key-change record's receipt number once issued. */
    receiptId: integer('receipt_id'),
    error: text('error'),
    /**
     * The remote token tasks carrying the tokens, in token order: null until sent, [] while being sent (or
     * when the meter cannot take remote tasks). A failed task is resent under its own id, never replaced.
     */
    taskIds: jsonb('task_ids').$type<number[]>(),
    updateDate: ts('update_date'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.meterId] }),
    index('key_campaign_meters_state').on(t.campaignId, t.state),
  ],
);

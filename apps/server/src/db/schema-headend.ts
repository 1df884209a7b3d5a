import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { lastWrittenDate, ts } from './columns.js';
import { meterRowKey } from './schema.js';

/**
 * Each meter's link as the head-end last saw it, written in batches from its live state so pages and
 * other processes can read it. Not master data: no audit columns, rewritten freely.
 */
export const meterLinks = pgTable(
  'meter_links',
  {
    meterId: meterRowKey(),
    online: boolean('online').notNull().default(false),
    /** 'lorawan' or 'gprs'. */
    transport: text('transport'),
    /** The gateway that heard the meter best in its latest uplink (LoRaWAN only), EUI-64 upper case. */
    gatewayId: text('gateway_id'),
    lastSeen: ts('last_seen'),
    updateDate: lastWrittenDate(),
  },
  (t) => [index('meter_links_gateway_idx').on(t.gatewayId)],
);

/**
 * Head-end processes sharing one database, each with a lease it renews while it lives. A process that stops
 * renewing (killed, partitioned) loses its links with its lease: their meters' tasks may then be claimed by
 * whichever process the meter dials into next.
 */
export const headendProcesses = pgTable('headend_processes', {
  processId: text('process_id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  leaseUntil: ts('lease_until').notNull(),
});

/**
 * Which process holds each dialled-in meter's link (GPRS/DTU sockets land on any process behind the load
 * balancer). Only that process claims the meter's tasks while its lease lasts.
 */
export const headendLinks = pgTable(
  'headend_links',
  {
    meterId: meterRowKey(),
    processId: text('process_id').notNull(),
    transport: text('transport').notNull(),
    since: ts('since').notNull().defaultNow(),
  },
  (t) => [index('headend_links_process_idx').on(t.processId)],
);

import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { lastWrittenDate, ts } from './columns.js';
import { meters } from './schema.js';

/**
 * Each meter's link as the head-end last saw it, written in batches from its live state so pages and
 * other processes can read it. Not master data: no audit columns, rewritten freely.
 */
export const meterLinks = pgTable(
  'meter_links',
  {
    meterId: text('meter_id')
      .primaryKey()
      .references(() => meters.meterId, { onDelete: 'cascade' }),
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

import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tokenRecords } from '../db/schema.js';

/**
 * The receipt number of the token record a row points at (`recordId`), as a column of that row's select:
 * what the SMS log and the mobile-money payments show beside the token they sent or sold (null: none).
 */
export const receiptOfRecord = (recordId: PgColumn): SQL<number | null> =>
  sql<
    number | null
  >`(select ${tokenRecords.receiptId} from ${tokenRecords} where ${tokenRecords.id} = ${recordId})`;

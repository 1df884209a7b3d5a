import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, text, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp column: with time zone, read as a Date (the drivers agree on this mapping). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A 64-bit integer read as a number: money in minor units, energy in 0.1 kWh units, counts and row ids all
 * stay far below 2^53.
 */
export const bigNumber = (name: string) => bigint(name, { mode: 'number' });

/** A bigNumber that is never null and 0 until written (balances, commissions, totals kept by triggers). */
export const bigNumberZero = (name: string) => bigNumber(name).notNull().default(sql`0`);

/** The key of a table that only grows (records, messages, attempts): a 64-bit serial named id. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** Raw bytes (firmware images, photos), read as a Buffer whatever the driver hands back. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** When the row was inserted. */
export const insertedDate = () => ts('create_date').notNull().defaultNow();

/** When the row was inserted, and when it was last changed (null until a first change). */
export const changeDates = {
  createDate: insertedDate(),
  updateDate: ts('update_date'),
};

/** Who created a row, and when. */
export const createdColumns = {
  createId: text('create_id'),
  createDate: insertedDate(),
};

/** Who created and last changed a row, and when (the original's common audit fields). */
export const auditColumns = {
  remark: text('remark'),
  ...createdColumns,
  updateId: text('update_id'),
  updateDate: ts('update_date'),
};

/**
 * When the row was last written, never null: set at insert and by every later write. For rows the server
 * rewrites (decoder keys, meter links, tasks, collection markers, images), unlike auditColumns' updateDate,
 * which stays null until a first edit.
 */
export const lastWrittenDate = () => ts('update_date').notNull().defaultNow();

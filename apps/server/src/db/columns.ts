import { text, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp column: with time zone, read as a Date (the drivers agree on this mapping). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was inserted. */
export const insertedDate = () => ts('create_date').notNull().defaultNow();

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

import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber } from './columns.js';
import { catalogueDisplay, catalogueFamily } from './schema-tasks.js';

/**
 * The DLMS/COSEM data-item catalogue: one row per (protocol version, task family, OBIS code). A row
 * says which interface class and attribute (or method) a task reaches, and how its value is shown.
 */
export const dlmsItems = pgTable(
  'dlms_items',
  {
    dlmsId: serial('dlms_id').primaryKey(),
    ...catalogueFamily,
    classId: integer('class_id').notNull(),
    /** Logical name, "A.B.C.D.E.F" (e.g. 1.0.1.8.0.255). */
    obis: text('obis').notNull(),
    /** The attribute read or written, or the method invoked ("2", "m1"). */
    attributeMethod: text('attribute_method'),
    /** Enumerated values ("0:Disconnected,1:Connected") or the token mask. */
    entry: text('entry'),
    ...catalogueDisplay,
  },
  (t) => [uniqueIndex('dlms_items_key').on(t.version, t.type, t.obis)],
);

/**
 * A DLMS meter's association secrets, sealed by the key vault (each under its own context, so a sealed
 * value copied onto another meter or field is useless) and kept apart from meters so no grid query reads
 * them. The invocation counter must grow across associations (security suite 0 refuses a replay).
 */
export const meterDlmsSecrets = pgTable('meter_dlms_secrets', {
  meterId: text('meter_id').primaryKey(),
  passwordEnc: text('password_enc'),
  authenticationKeyEnc: text('authentication_key_enc'),
  blockCipherKeyEnc: text('block_cipher_key_enc'),
  /** The head-end's system title towards this meter (8 bytes, hex): not a secret. */
  systemTitle: text('system_title'),
  invocationCounter: bigNumber('invocation_counter').notNull().default(1),
});

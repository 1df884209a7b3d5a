import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, bigNumber, lastWrittenDate, serialId, ts } from './columns.js';

/** What a record is: the nine generate pages' kinds, and the cancel of a credit token. */
export type TokenKind =
  | 'credit'
  | 'creditCancel'
  | 'clearCredit'
  | 'clearTamper'
  | 'maxPower'
  | 'maxPhaseUnbalance'
  | 'maxOverdraft'
  | 'changeKey';

/**
 * Every token ever issued, one row each (a key change is one row with its 2 or 4 tokens). Names and
 * amounts are copied at issue time: a receipt must print the same tomorrow even if the customer moves.
 */
export const tokenRecords = pgTable(
  'token_records',
  {
    id: serialId(),
    kind: text('kind').$type<TokenKind>().notNull(),
    /** Sequence per kind, as the original numbers its receipts. */
    receiptId: integer('receipt_id').notNull(),
    meterId: text('meter_id').notNull(),
    meterType: integer('meter_type').notNull().default(0),
    customerId: text('customer_id'),
    customerName: text('customer_name'),
    customerAddress: text('customer_address'),
    tariffId: text('tariff_id'),
    tariffName: text('tariff_name'),
    stationId: text('station_id').notNull(),
    /** 20 digits; for a key change the first token (all of them in `tokens`). */
    token: text('token').notNull().default(''),
    tokens: jsonb('tokens').$type<string[]>(),
    /** Unique per meter among TID-bearing tokens (the meter refuses a TID twice). */
    tid: integer('tid'),
    tokenClass: integer('token_class'),
    subclass: integer('subclass'),
    /** Credit: 0 by total paid, 1 by total unit; 0.1 kWh units; money in minor units. */
    purchaseWay: integer('purchase_way'),
    units: bigNumber('units'),
    totalPaidMinor: bigNumber('total_paid_minor'),
    energyMinor: bigNumber('energy_minor'),
    taxMinor: bigNumber('tax_minor'),
    monthlyChargeMinor: bigNumber('monthly_charge_minor'),
    payDebtMinor: bigNumber('pay_debt_minor'),
    remainderMinor: bigNumber('remainder_minor'),
    /**
     * Change carried forward: what the meter's earlier sales left over and this one spent first (in), and
     * what this one leaves over for the next (out). The meter's balance is the sum of out − in over its
     * credit sales not cancelled, so a cancel settles the change it took and made by being left out.
     */
    carriedInMinor: bigNumber('carried_in_minor').default(0),
    carriedOutMinor: bigNumber('carried_out_minor').default(0),
    debtPercent: integer('debt_percent'),
    totalDebtMinor: bigNumber('total_debt_minor'),
    remainingDebtMinor: bigNumber('remaining_debt_minor'),
    paymentMethod: text('payment_method'),
    /** Management tokens: W for power limits, the profile's unit for overdraft. */
    value: bigNumber('value'),
    /** Key change: the new key's identity (never the key). */
    keyChange: jsonb('key_change').$type<Record<string, number | string>>(),
    confirmed: boolean('confirmed'),
    /** 0 issued, 1 cancelled. */
    status: integer('status').notNull().default(0),
    cancelsId: bigNumber('cancels_id'),
    cancelRemark: text('cancel_remark'),
    cancelId: text('cancel_id'),
    cancelDate: ts('cancel_date'),
    idempotencyKey: text('idempotency_key'),
    ...auditColumns,
    /** Every record names the operator who issued it. */
    createId: text('create_id').notNull(),
  },
  (t) => [
    uniqueIndex('token_records_receipt_idx').on(t.kind, t.receiptId),
    uniqueIndex('token_records_meter_tid_idx').on(t.meterId, t.tid).where(sql`${t.tid} is not null`),
    uniqueIndex('token_records_idempotency_idx')
      .on(t.createId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('token_records_kind_date_idx').on(t.kind, t.createDate),
    index('token_records_station_kind_idx').on(t.stationId, t.kind, t.createDate),
    index('token_records_meter_idx').on(t.meterId, t.kind, t.createDate),
    index('token_records_carried_idx')
      .on(t.meterId)
      .where(
        sql`${t.kind} = 'credit' and ${t.status} = 0 and (${t.carriedInMinor} <> 0 or ${t.carriedOutMinor} <> 0)`,
      ),
  ],
);

/** The last receipt number per kind; incremented under a row lock by the statement that writes the record. */
export const receiptCounters = pgTable('receipt_counters', {
  kind: text('kind').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * Per meter: the last TID issued. A credit vend takes the next TID only if this is still the TID it read
 * (credit-vend.repo.ts); management tokens, and a credit vend that lost that race, lock the row instead.
 */
export const meterTokenState = pgTable('meter_token_state', {
  meterId: text('meter_id').primaryKey(),
  lastTid: integer('last_tid'),
  updateDate: ts('update_date'),
});

/** A new decoder key given by hand for a pending key change, sealed like every key. */
export const pendingMeterKeys = pgTable('pending_meter_keys', {
  meterId: text('meter_id').primaryKey(),
  keyEnc: text('key_enc').notNull(),
  updateDate: lastWrittenDate(),
});

import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  bigNumber,
  bigNumberZero,
  changeDates,
  insertedDate,
  serialId,
  ts,
} from './columns.js';

/** What kind of business sells through a channel. */
export type VendorKind = 'bank' | 'aggregator' | 'agent' | 'mobileMoney';

/**
 * A vendor: a business that sells tokens through a channel with machine credentials of its own, out of a
 * float it prefunded. The float may go down to minus the credit limit and no further; the ledger
 * (vendor_float_movements) holds every movement, and `balance_minor` is their sum, kept on write.
 */
export const vendors = pgTable(
  'vendors',
  {
    vendorId: text('vendor_id').primaryKey(),
    vendorName: text('vendor_name').notNull(),
    vendorKind: text('vendor_kind').$type<VendorKind>().notNull(),
    /** The stations whose meters it may sell for. */
    stationIds: jsonb('station_ids').$type<string[]>().notNull().default([]),
    /** XMLVend's client and terminal ids (EAN-13 and a device id). */
    clientId: text('client_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The machine secret's argon2id hash; null until one is issued. The secret itself is never stored. */
    secretHash: text('secret_hash'),
    secretIssuedDate: ts('secret_issued_date'),
    balanceMinor: bigNumberZero('balance_minor'),
    creditLimitMinor: bigNumberZero('credit_limit_minor'),
    /** Commission in basis points of each sale (150 = 1.50 %). */
    commissionBp: integer('commission_bp').notNull().default(0),
    /** Sales allowed per calendar day (in the utility's zone); null = no daily limit. */
    dailyLimitMinor: bigNumber('daily_limit_minor'),
    /**
     * What the vendor sold on `sold_day` (its sales less their reversals that day), kept on write with the
     * balance, so the daily limit is checked on the locked row rather than by summing the day's ledger.
     */
    daySoldMinor: bigNumberZero('day_sold_minor'),
    /** The calendar day (utility's zone, yyyy-MM-dd) that `day_sold_minor` counts; null before any sale. */
    soldDay: date('sold_day', { mode: 'string' }),
    /** A mobile-money operator's paybill or till number, which its payment callbacks carry. */
    shortCode: text('short_code'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('vendors_client_idx').on(t.clientId),
    uniqueIndex('vendors_short_code_idx').on(t.shortCode),
  ],
);

/** The vendor a row belongs to. */
export const vendorRef = () =>
  text('vendor_id')
    .notNull()
    .references(() => vendors.vendorId);

export type FloatMovementKind = 'topUp' | 'adjustment' | 'sale' | 'reversal';

/** Every movement of a vendor's float, signed (a sale is negative), with the balance it left. */
export const vendorFloatMovements = pgTable(
  'vendor_float_movements',
  {
    id: serialId(),
    vendorId: vendorRef(),
    movementKind: text('movement_kind').$type<FloatMovementKind>().notNull(),
    amountMinor: bigNumber('amount_minor').notNull(),
    balanceAfterMinor: bigNumber('balance_after_minor').notNull(),
    /** The vendor's commission on a sale (negative on its reversal); 0 for top-ups and adjustments. */
    commissionMinor: bigNumberZero('commission_minor'),
    /** The channel message (purchase id) and token record a sale or reversal belongs to. */
    messageId: text('message_id'),
    tokenRecordId: bigNumber('token_record_id'),
    remark: text('remark'),
    createId: text('create_id').notNull(),
    createDate: insertedDate(),
  },
  (t) => [index('vendor_float_movements_vendor_idx').on(t.vendorId, t.createDate)],
);

export type ChannelMessageKind = 'purchase' | 'keyChange' | 'faultReport';
export type ChannelSaleState = 'issued' | 'confirmed' | 'reversed';

/**
 * Each message a vendor sent that created something (a purchase, a key-change request, a fault report),
 * under the id the vendor chose: the same id twice is a duplicate, and advices find their request here.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: serialId(),
    vendorId: vendorRef(),
    messageId: text('message_id').notNull(),
    kind: text('kind').$type<ChannelMessageKind>().notNull(),
    meterId: text('meter_id').notNull(),
    tokenRecordId: bigNumber('token_record_id'),
    amountMinor: bigNumber('amount_minor'),
    state: text('state').$type<ChannelSaleState>(),
    confirmationId: text('confirmation_id'),
    reversalId: text('reversal_id'),
    /** What the request carried that the answer echoes (institutions, identifiers, fault details). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ...changeDates,
  },
  // No index by meter: a sale writes these rows on the vend's hot path, and the reads by meter (a reprint,
  // the console's filter) match it case-insensitively, which such an index would not serve.
  (t) => [uniqueIndex('channel_messages_vendor_message_idx').on(t.vendorId, t.messageId)],
);

export type ChannelAdviceKind = 'confirmation' | 'reversal' | 'retry' | 'reprint';
export type ChannelAdviceOutcome = 'accepted' | 'repeated' | 'refused';

/**
 * What a purchase went through after its sale, accepted or refused, in arrival order: a vendor that
 * disputes a purchase is answered from here. Refusals are written outside the refused transaction.
 */
export const channelAdvices = pgTable(
  'channel_advices',
  {
    id: serialId(),
    vendorId: text('vendor_id').notNull(),
    /** The purchase id the advice names. */
    messageId: text('message_id').notNull(),
    adviceKind: text('advice_kind').$type<ChannelAdviceKind>().notNull(),
    adviceId: text('advice_id'),
    outcome: text('outcome').$type<ChannelAdviceOutcome>().notNull(),
    reason: text('reason'),
    createDate: insertedDate(),
  },
  (t) => [index('channel_advices_message_idx').on(t.vendorId, t.messageId, t.id)],
);

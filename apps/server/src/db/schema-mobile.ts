import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, changeDates, serialId, ts } from './columns.js';
import { vendorRef } from './schema-channels.js';

/**
 * Where a mobile-money payment stands: being sold (received), sold to the meter its account named
 * (vended), waiting for an operator (queued), or resolved by one (assigned to a meter and sold, refunded).
 */
export type MobilePaymentState = 'received' | 'vended' | 'queued' | 'assigned' | 'refunded';

/** Why a payment could not be sold on arrival. */
export type MobilePaymentQueueReason =
  | 'unknownMeter'
  | 'blockedMeter'
  | 'amountOutOfRange'
  | 'floatExhausted'
  | 'declined';

/**
 * Every payment a mobile-money operator confirmed, once per receipt number (TransID): the money is the
 * customer's, so a payment that cannot be sold stays here, queued, until an operator assigns or refunds it.
 */
export const mobilePayments = pgTable(
  'mobile_payments',
  {
    id: serialId(),
    vendorId: vendorRef(),
    transId: text('trans_id').notNull(),
    transType: text('trans_type'),
    transTime: text('trans_time'),
    amountMinor: bigNumber('amount_minor').notNull(),
    shortCode: text('short_code').notNull(),
    /** The account the payer typed: the meter number. */
    billRef: text('bill_ref').notNull(),
    msisdn: text('msisdn').notNull(),
    payerName: text('payer_name'),
    state: text('state').$type<MobilePaymentState>().notNull(),
    queueReason: text('queue_reason').$type<MobilePaymentQueueReason>(),
    /** The meter it was sold to (the account's, or the one an operator assigned). */
    meterId: text('meter_id'),
    tokenRecordId: bigNumber('token_record_id'),
    resolvedBy: text('resolved_by'),
    resolvedDate: ts('resolved_date'),
    resolution: text('resolution'),
    /** The callback's other fields (invoice, org balance, third-party id), kept as received. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ...changeDates,
  },
  (t) => [
    uniqueIndex('mobile_payments_trans_idx').on(t.vendorId, t.transId),
    index('mobile_payments_state_idx').on(t.state, t.createDate),
  ],
);

export type SmsState = 'queued' | 'sent' | 'delivered' | 'failed';
export type SmsKind = 'token' | 'lowCredit';

/**
 * The SMS outbox: written in the transaction that has something to say, sent by the SMPP sender, retried
 * with back-off until the SMSC takes it, and closed by the SMSC's delivery receipt.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serialId(),
    kind: text('kind').$type<SmsKind>().notNull(),
    destination: text('destination').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<SmsState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDate: ts('next_attempt_date').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The SMSC's id for the message (submit_sm_resp), which its delivery receipt names. */
    smscMessageId: text('smsc_message_id'),
    /** The receipt's final state as the SMSC words it (DELIVRD, UNDELIV, EXPIRED …). */
    receiptState: text('receipt_state'),
    meterId: text('meter_id'),
    tokenRecordId: bigNumber('token_record_id'),
    /** The low-credit alarm a low-credit alert tells of: one alert per alarm. */
    alarmId: bigNumber('alarm_id'),
    sentDate: ts('sent_date'),
    doneDate: ts('done_date'),
    ...changeDates,
  },
  (t) => [
    index('sms_messages_due_idx').on(t.state, t.nextAttemptDate),
    index('sms_messages_smsc_idx').on(t.smscMessageId),
    index('sms_messages_record_idx').on(t.tokenRecordId),
    index('sms_messages_created_idx').on(t.createDate),
    uniqueIndex('sms_messages_alarm_idx').on(t.alarmId).where(sql`${t.alarmId} is not null`),
  ],
);

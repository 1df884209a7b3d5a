import { z } from 'zod';
import { DateTime, Id, IdFilter, ReadRequestBase, TextFilter } from './common.js';

/**
 * Mobile-money payments (a C2B paybill's confirmed payments) and the SMS log. A payment that could not be
 * sold on arrival waits, queued, for an operator to assign it to a meter (and sell) or refund it.
 */
export const MOBILE_PAYMENT_STATES = ['received', 'vended', 'queued', 'assigned', 'refunded'] as const;
export const MobilePaymentState = z.enum(MOBILE_PAYMENT_STATES);
export const MOBILE_PAYMENT_QUEUE_REASONS = [
  'unknownMeter',
  'blockedMeter',
  'amountOutOfRange',
  'floatExhausted',
  'declined',
] as const;
export const MobilePaymentQueueReason = z.enum(MOBILE_PAYMENT_QUEUE_REASONS);

export const MobilePaymentRow = z.object({
  id: z.number().int(),
  vendorId: z.string(),
  transId: z.string(),
  transTime: z.string().nullable(),
  amount: z.number(),
  shortCode: z.string(),
  billRef: z.string(),
  msisdn: z.string(),
  payerName: z.string().nullable(),
  state: MobilePaymentState,
  queueReason: MobilePaymentQueueReason.nullable(),
  meterId: z.string().nullable(),
  receiptId: z.number().int().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedDate: DateTime.nullable(),
  resolution: z.string().nullable(),
  createDate: DateTime,
});
export type MobilePaymentRow = z.infer<typeof MobilePaymentRow>;

export const MobilePaymentReadRequest = ReadRequestBase.extend({
  state: MobilePaymentState.nullish(),
  queueReason: MobilePaymentQueueReason.nullish(),
  vendorId: IdFilter,
  transId: IdFilter,
  billRef: TextFilter,
  msisdn: TextFilter,
});
export type MobilePaymentReadRequest = z.infer<typeof MobilePaymentReadRequest>;

/** An operator's resolution of a queued payment: refunded to the payer, or sold to a meter now. */
export const MobilePaymentResolveRequest = z
  .object({
    id: z.number().int().positive(),
    action: z.enum(['refund', 'assign']),
    meterId: Id.nullish(),
    remark: z.string().trim().min(1, 'Required').max(500),
    authorizationPassword: z.string().min(1, 'The authorization password is required').max(128),
  })
  .refine((v) => v.action === 'refund' || Boolean(v.meterId), {
    path: ['meterId'],
    message: 'Name the meter the payment is for',
  });
export type MobilePaymentResolveRequest = z.input<typeof MobilePaymentResolveRequest>;

export const SMS_STATES = ['queued', 'sent', 'delivered', 'failed'] as const;
export const SmsState = z.enum(SMS_STATES);
export const SMS_KINDS = ['token', 'lowCredit'] as const;
export const SmsKind = z.enum(SMS_KINDS);

export const SmsRow = z.object({
  id: z.number().int(),
  kind: SmsKind,
  destination: z.string(),
  body: z.string(),
  state: SmsState,
  attempts: z.number().int(),
  nextAttemptDate: DateTime.nullable(),
  lastError: z.string().nullable(),
  smscMessageId: z.string().nullable(),
  receiptState: z.string().nullable(),
  meterId: z.string().nullable(),
  receiptId: z.number().int().nullable(),
  sentDate: DateTime.nullable(),
  doneDate: DateTime.nullable(),
  createDate: DateTime,
});
export type SmsRow = z.infer<typeof SmsRow>;

export const SmsReadRequest = ReadRequestBase.extend({
  state: SmsState.nullish(),
  kind: SmsKind.nullish(),
  destination: TextFilter,
  meterId: IdFilter,
});
export type SmsReadRequest = z.infer<typeof SmsReadRequest>;

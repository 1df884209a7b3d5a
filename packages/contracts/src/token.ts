import { MAX_AMOUNT_UNITS } from '@prepay/sts';
import { z } from 'zod';
import { AccountCustomerColumns } from './account.js';
import { ExportLanguage, VendPayment } from './cash-up.js';
import {
  AuditFields,
  DateRange,
  DateTimeInput,
  Id,
  nullableTexts,
  ReadRequestBase,
  Remark,
  StationRowFields,
  textFilters,
} from './common.js';
import { MeterRow } from './meter.js';
import { BaseYear, DecoderKey, Ken, Kt, Sgc, Ti } from './sts-key.js';

/**
 * Vending. Generate endpoints take one object and answer one record; the token is
 * 20 digits shown in five groups of four. Money is a decimal with 2 places, energy with 1 (kWh or m³).
 */

/** "12345678901234567890" or "1234 5678…" → "1234 5678 9012 3456 7890": how the API answers and pages print tokens. */
export function groupsOfFour(token: string | null | undefined): string {
  const digits = (token ?? '').replace(/\s+/g, '');
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

const AuthorizationPassword = z.string().min(1, 'The authorization password is required').max(128);
/** A client-chosen key: the same key from the same user returns the first answer instead of vending twice. */
const IdempotencyKey = z.string().trim().min(8).max(100);

export const CreditTokenRequest = z
  .object({
    meterId: Id,
    isPreview: z.boolean(),
    /** true: `amount` is money paid; false: `amount` is energy wanted. */
    isVendByTotalPaid: z.boolean(),
    amount: z.union([z.number(), z.string().trim()]).transform((v) => String(v)),
    payDebtPercent: z.number().int().min(0).max(100).default(0),
    authorizationPassword: AuthorizationPassword.nullish(),
    paymentMethod: z.string().trim().max(64).nullish(),
    remark: Remark,
    idempotencyKey: IdempotencyKey.nullish(),
  })
  .superRefine((v, ctx) => {
    const pattern = v.isVendByTotalPaid ? /^\d{1,11}(\.\d{1,2})?$/ : /^\d{1,8}(\.\d)?$/;
    if (!pattern.test(v.amount) || Number(v.amount) <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: v.isVendByTotalPaid
          ? 'Total paid must be a positive amount with at most 2 decimals'
          : 'Total unit must be a positive quantity with at most 1 decimal',
      });
    }
    if (!v.isPreview && !v.authorizationPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['authorizationPassword'],
        message: 'The authorization password is required',
      });
    }
  });
export type CreditTokenRequest = z.infer<typeof CreditTokenRequest>;

/** Columns every token record carries. */
const RecordBase = {
  receiptId: z.number().int(),
  ...AccountCustomerColumns,
  customerAddress: z.string().nullable(),
  meterId: z.string(),
  meterType: z.number().int(),
  tariffId: z.string().nullable(),
  /** "dddd dddd dddd dddd dddd"; empty for key change records (see tokens). */
  token: z.string(),
  /** Token identifier (minutes since the key's base date); null for key change and meter test tokens. */
  tid: z.number().int().nullable(),
  /** 0 issued, 1 cancelled. */
  status: z.number().int(),
  ...StationRowFields,
};

export const CreditTokenRecord = z.object({
  ...RecordBase,
  /** The meter's CommunicationWay (0 GPRS, 1 LoRaWAN), as the original's record carries it. */
  communicationWay: z.number().int(),
  // tokenFirst and tokenSecond: the original's fields for vends that need two tokens; a credit vend
  // here is always one token.
  ...nullableTexts('tokenFirst', 'tokenSecond', 'tariffName'),
  /** 0 by total paid, 1 by total unit. */
  purchaseWay: z.number().int(),
  totalUnit: z.number(),
  ...VendPayment,
  /** The part that paid debt. */
  payDebt: z.number(),
  debtPercent: z.number().int(),
  totalDebt: z.number(),
  remainingDebt: z.number(),
  /** What bought less than 0.1 unit. */
  remainder: z.number(),
  /**
   * Change carried forward: what earlier sales left over and this one spent first, and what this one
   * leaves over for the next sale (a sale by total paid keeps its remainder there).
   */
  carriedIn: z.number(),
  carriedOut: z.number(),
  paymentMethod: z.string().nullable(),
  isPreview: z.boolean(),
  cancelRemark: z.string().nullable(),
  cancelId: z.string().nullable(),
  cancelDate: z.string().nullable(),
  /**
   * Cancel records: the cancellation's own number (their receiptId is the cancelled vend's, as the
   * original's clients read it); null on vends.
   */
  cancelReceiptId: z.number().int().nullable(),
  /** Where the token went by SMS (a mobile-money payer's number) and how far it got; absent if it did not. */
  smsTo: z.string().nullable().optional(),
  smsState: z.enum(['queued', 'sent', 'delivered', 'failed']).nullable().optional(),
});
export type CreditTokenRecord = z.infer<typeof CreditTokenRecord>;

/**
 * One meter, and the management token's value where the kind has one. The original's request has no
 * authorization password; it is demanded only where the server is set to (and checked when sent).
 */
export const ManagementTokenRequest = z.object({
  meterId: Id,
  authorizationPassword: AuthorizationPassword.nullish(),
  remark: Remark,
});
// A power limit travels in the same 16-bit value field as a credit amount, so it has the same ceiling.
export const MaximumPowerRequest = ManagementTokenRequest.extend({
  maximumPower: z.number().int('Please enter an integer').min(0).max(MAX_AMOUNT_UNITS),
});
export const MaximumPhaseUnbalanceRequest = ManagementTokenRequest.extend({
  maximumPhasePowerUnbalance: z.number().int('Please enter an integer').min(0).max(MAX_AMOUNT_UNITS),
});
export const MaximumOverdraftRequest = ManagementTokenRequest.extend({
  maximumOverdraft: z.number().min(0, 'Please enter a valid maximum overdraft').max(1e9),
});

export const ManagementTokenRecord = z.object({
  ...RecordBase,
  maximumPower: z.number().nullable(),
  maximumPhasePowerUnbalance: z.number().nullable(),
  maximumOverdraft: z.number().nullable(),
});
export type ManagementTokenRecord = z.infer<typeof ManagementTokenRecord>;

/** Class 1 (not encrypted, no TID): the fixed list the original shows, plus a custom control field. */
export const MeterTestRow = z.object({
  id: z.number().int(),
  value: z.string(),
  content: z.string(),
  token11: z.string(),
  token13: z.string(),
  ...AuditFields,
});
export type MeterTestRow = z.infer<typeof MeterTestRow>;
export const MeterTestGenerateRequest = z.object({
  /** 0: 2-digit manufacturer code (11-digit meter numbers); 1: 4-digit (13-digit). */
  subclass: z.union([z.literal(0), z.literal(1)]),
  controlHex: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{1,9}$/, 'Please enter a valid test control (hex)'),
  mfrCode: z.number().int().min(0).max(9999).default(0),
});

export const UpdateMeterKeyRequest = z.object({
  meterId: Id,
  sgcNew: Sgc,
  krnNew: z.number().int().min(1).max(9),
  kenNew: Ken,
  tiNew: Ti,
  ktNew: Kt,
  baseYearNew: BaseYear,
  /** Write-only: the new decoder key, when it is not derived from a vending key for sgcNew/krnNew. */
  decoderKeyNew: DecoderKey.nullish(),
});
export type MeterTestGenerateRequest = z.input<typeof MeterTestGenerateRequest>;
/** The custom meter test token, in groups of four. */
export const MeterTestResult = z.object({ token: z.string() });
export type MeterTestResult = z.infer<typeof MeterTestResult>;
export type UpdateMeterKeyRequest = z.input<typeof UpdateMeterKeyRequest>;

/** The original answers the meter as it now is: current and new key fields, position and audit fields. */
export const UpdateMeterKeyResult = MeterRow;

/** The original's request is just the meter; the password is demanded only where the server is set to. */
export const ChangeMeterKeyRequest = z.object({
  meterId: Id,
  authorizationPassword: AuthorizationPassword.nullish(),
  remark: Remark,
});
export const ChangeMeterKeyRecord = z.object({
  ...RecordBase,
  tokenFirst: z.string(),
  tokenSecond: z.string(),
  /** EA11 keys need four tokens; all of them in order. */
  tokens: z.array(z.string()),
  /** True once the meter accepted it and the new key became current. */
  confirmed: z.boolean(),
});
export type ChangeMeterKeyRecord = z.infer<typeof ChangeMeterKeyRecord>;
export const ConfirmKeyChangeRequest = z.object({ receiptId: z.number().int() });

export const TokenRecordReadRequest = ReadRequestBase.extend({
  ...textFilters('customerId', 'customerName', 'meterId', 'tariffId', 'token', 'remark'),
  receiptId: z.number().int().nullish(),
  meterType: z.number().int().nullish(),
  /** 0 issued, 1 cancelled; the original's clients send a boolean: true = issued (still valid). */
  status: z
    .union([z.number().int(), z.boolean()])
    .transform((v) => (typeof v === 'boolean' ? (v ? 0 : 1) : v))
    .nullish(),
  createDateRange: DateRange,
  /** Exports: the language of the column titles and the coded values. */
  lang: ExportLanguage.nullish(),
});
export type TokenRecordReadRequest = z.infer<typeof TokenRecordReadRequest>;

export const CancelCreditTokenRequest = z.object({
  authorizationPassword: AuthorizationPassword,
  data: z
    .array(z.object({ receiptId: z.number().int(), remark: z.string().trim().min(1, 'Required').max(500) }))
    .min(1)
    .max(100),
});

/**
 * GET /api/token/creditTokenRecord/readMore?SITE_ID&FROM&TO — the original's payments feed for an external
 * data platform. Not enveloped: `{payments, errors}`.
 */
export const PaymentsFeedQuery = z.object({
  SITE_ID: z.string().trim().max(64).optional(),
  FROM: DateTimeInput.optional(),
  TO: DateTimeInput.optional(),
});
export const PaymentsFeedItem = z.object({
  /** ISO 8601 in UTC ("…Z"), as the original's feed. */
  timestamp: z.string(),
  amount: z.number(),
  transactionKwh: z.number(),
  currency: z.string(),
  transactionType: z.string(),
  /** "transaction-" + meterId + the 20-digit token. */
  transactionId: z.string(),
  customerId: z.string(),
  meterId: z.string(),
  serialNumber: z.string(),
});
export const PaymentsFeed = z.object({ payments: z.array(PaymentsFeedItem), errors: z.string().nullable() });

import { z } from 'zod';
import { AuditFields, DateTime, Id, IdFilter, ReadRequestBase, Remark } from './common.js';
import { Lang } from './daily-data.js';
import { MoneyInput, PercentInput } from './money.js';

/** Who sells through a channel: a bank, an aggregator, an agent or a mobile-money operator. */
export const VENDOR_KINDS = ['bank', 'aggregator', 'agent', 'mobileMoney'] as const;
export const VendorKind = z.enum(VENDOR_KINDS);

const Password = z.string().min(1, 'The authorization password is required').max(128);

/** A vendor as written: its float balance moves only through /api/vendor/float and its sales. */
export const VendorRequest = z.object({
  vendorId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,32}$/, 'Use 2 to 32 letters, digits, "_" or "-"'),
  vendorName: z.string().trim().min(1, 'Required').max(40),
  vendorKind: VendorKind,
  stationIds: z.array(Id).min(1, 'Pick at least one station').max(100),
  /** XMLVend's client id (an EAN-13) and terminal id. */
  clientId: z
    .string()
    .trim()
    .regex(/^\d{13}$/, 'Use the 13 digits of an EAN'),
  terminalId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'Use 1 to 20 letters or digits'),
  enabled: z.boolean().default(true),
  creditLimit: MoneyInput,
  /** Percent of each sale, at most 2 decimals. */
  commissionRate: PercentInput,
  dailyLimit: MoneyInput.nullish(),
  /** A mobile-money operator's paybill or till number (5 to 7 digits), which its payment callbacks name. */
  shortCode: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, 'Use the 5 to 7 digits of the paybill or till number')
    .nullish(),
  remark: Remark,
});
export type VendorRequest = z.infer<typeof VendorRequest>;

export const VendorDeleteRequest = z.object({ vendorId: Id });

export const VendorRow = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  vendorKind: VendorKind,
  stationIds: z.array(z.string()),
  clientId: z.string(),
  terminalId: z.string(),
  enabled: z.boolean(),
  /** Whether a machine secret was issued (the secret itself is shown once, when issued). */
  hasCredential: z.boolean(),
  credentialDate: DateTime.nullable(),
  balance: z.number(),
  creditLimit: z.number(),
  /** What it may still sell: balance + credit limit. */
  available: z.number(),
  commissionRate: z.number(),
  dailyLimit: z.number().nullable(),
  shortCode: z.string().nullable().optional(),
  ...AuditFields,
});
export type VendorRow = z.infer<typeof VendorRow>;

export const VendorReadRequest = ReadRequestBase.extend({
  /** The language of the download's titles and coded values (the grid sends its own). */
  lang: Lang.nullish(),
  vendorName: z.string().max(200).nullish(),
  vendorKind: VendorKind.nullish(),
  enabled: z.boolean().nullish(),
});

/** Issues a vendor's first machine secret, or replaces it (the old one stops working at once). */
export const VendorCredentialRequest = z.object({ vendorId: Id, authorizationPassword: Password });
export const VendorCredential = z.object({
  vendorId: z.string(),
  /** HTTP Basic user name: the vendor id, which is also the institution id of its messages. */
  username: z.string(),
  /** Shown once: only its hash is kept. */
  secret: z.string(),
  issuedDate: DateTime,
});

export const FLOAT_MOVEMENT_KINDS = ['topUp', 'adjustment', 'sale', 'reversal'] as const;
export const FloatMovementKind = z.enum(FLOAT_MOVEMENT_KINDS);

/** A top-up (money received) or an adjustment (a correction, either sign) of a vendor's float. */
export const VendorFloatRequest = z
  .object({
    vendorId: Id,
    kind: z.enum(['topUp', 'adjustment']),
    amount: z
      .union([z.number(), z.string().trim()])
      .transform((v) => String(v))
      .refine((v) => /^-?\d{1,13}(\.\d{1,2})?$/.test(v) && Number(v) !== 0, {
        message: 'Please enter a non-zero amount with at most 2 decimals',
      }),
    remark: z.string().trim().min(1, 'Required').max(500),
    authorizationPassword: Password,
  })
  .refine((v) => v.kind === 'adjustment' || !v.amount.startsWith('-'), {
    path: ['amount'],
    message: 'A top-up adds money: enter a positive amount',
  });

export const VendorStatementRequest = ReadRequestBase.extend({
  lang: Lang.nullish(),
  vendorId: Id,
  movementKind: FloatMovementKind.nullish(),
  messageId: IdFilter,
});
export const VendorStatementRow = z.object({
  id: z.number().int(),
  vendorId: z.string(),
  movementKind: FloatMovementKind,
  amount: z.number(),
  balanceAfter: z.number(),
  commission: z.number(),
  messageId: z.string().nullable(),
  remark: z.string().nullable(),
  createId: z.string(),
  createDate: DateTime,
});
export type VendorStatementRow = z.infer<typeof VendorStatementRow>;

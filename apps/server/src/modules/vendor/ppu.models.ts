import { z } from 'zod';

/**
 * The prepaid-utility interface's models (Electrum's open interface, version 3): JSON property names,
 * patterns and enums as its models declare them. Amounts are integers in minor units with an ISO 4217
 * numeric currency. Members a client may send that this server does not use are accepted and ignored.
 */

const Uuid = z.string().uuid();
const Time = z.string().datetime({ offset: true, local: true });

export const Institution = z.object({ id: z.string().min(1).max(40), name: z.string().max(40) });
const MerchantName = z.object({
  name: z.string().max(23),
  city: z.string().max(13),
  region: z.string().max(2),
  country: z.string().max(2),
});
const Merchant = z.object({
  merchantType: z.string().regex(/^[0-9]{4}$/),
  merchantId: z.string().length(15),
  merchantName: MerchantName,
});
export const Originator = z.object({
  institution: Institution,
  terminalId: z.string().length(8),
  merchant: Merchant,
  operatorId: z.string().max(30).optional(),
});
export const ThirdPartyIdentifier = z.object({
  institutionId: z.string().min(1),
  transactionIdentifier: z.string().min(1),
});
export const LedgerAmount = z.object({
  amount: z.number().int(),
  currency: z.string().regex(/^[0-9]{3}$/),
  ledgerIndicator: z.enum(['DEBIT', 'CREDIT']).optional(),
});
export type LedgerAmount = z.infer<typeof LedgerAmount>;
export const TaxableAmount = LedgerAmount.extend({
  tax: z.number().int().optional(),
  taxType: z.string().max(10).optional(),
  taxRate: z.number().optional(),
});

export const Meter = z.object({
  meterId: z.string().regex(/^[a-zA-Z0-9]{1,20}$/),
  track2Data: z
    .string()
    .regex(/^[a-zA-Z0-9=]{34}$/)
    .optional(),
  serviceType: z
    .string()
    .regex(/^[a-zA-Z0-9]{0,12}$/)
    .optional(),
  supplyGroupCode: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  keyRevisionNum: z
    .string()
    .regex(/^[0-9]$/)
    .optional(),
  tariffIndex: z
    .string()
    .regex(/^[0-9]{2}$/)
    .optional(),
  tokenTechCode: z
    .string()
    .regex(/^[0-9]{2}$/)
    .optional(),
  algorithmCode: z
    .string()
    .regex(/^[0-9]{2}$/)
    .optional(),
});
export type Meter = z.infer<typeof Meter>;

export const Customer = z.object({
  firstName: z.string().max(40).optional(),
  lastName: z.string().max(40).optional(),
  address: z.string().max(80).optional(),
  msisdn: z.string().optional(),
});
export const Utility = z.object({
  name: z.string().max(40),
  address: z.string().max(80).optional(),
  vatRegNum: z.string().max(10).optional(),
  clientId: z.string().max(20).optional(),
  message: z.string().max(80).optional(),
});

/** Members every request and response carries. */
const Transaction = {
  id: Uuid,
  time: Time,
  originator: Originator,
  client: Institution,
  settlementEntity: Institution.optional(),
  receiver: Institution.optional(),
  thirdPartyIdentifiers: z.array(ThirdPartyIdentifier),
  stan: z.string().optional(),
  rrn: z.string().optional(),
};
export const TransactionFields = z.object(Transaction);
export type TransactionFields = z.infer<typeof TransactionFields>;

export const MeterLookupRequest = z.object({ ...Transaction, meter: Meter });
export const MeterLookupResponse = z.object({
  ...Transaction,
  meter: Meter,
  customer: Customer,
  utility: Utility,
  minAmount: LedgerAmount.optional(),
  maxAmount: LedgerAmount.optional(),
  arrearsAmount: LedgerAmount.optional(),
  bsstDue: z.boolean().optional(),
});

export const Tender = z.object({
  accountType: z
    .enum(['DEFAULT', 'SAVINGS', 'CHEQUE', 'CREDIT', 'UNIVERSAL', 'ELECTRONIC_PURSE', 'STORED_VALUE'])
    .optional(),
  amount: LedgerAmount,
  cardNumber: z
    .string()
    .regex(/^[0-9]{6}[0-9*]{0,13}$/)
    .optional(),
  reference: z.string().max(40).optional(),
  tenderType: z.enum([
    'CASH',
    'CHEQUE',
    'CREDIT_CARD',
    'DEBIT_CARD',
    'WALLET',
    'ROUNDING',
    'GIFT_CARD',
    'LOYALTY_CARD',
    'OTHER',
  ]),
});

export const PurchaseRequest = z.object({
  ...Transaction,
  meter: Meter,
  purchaseAmount: LedgerAmount,
  utilityType: z.string().optional(),
  msisdn: z
    .string()
    .regex(/(^\+?[1-9]\d{1,14}$)|(^0[0-9]{9}$)/)
    .optional(),
  tenders: z.array(Tender).optional(),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const Token = z.object({
  tokenType: z.enum(['STD', 'BSST', 'REFUND', 'KC', 'PWRLMT']),
  units: z.number(),
  amount: TaxableAmount,
  receiptNum: z.string().optional(),
  token: z.string(),
});
export const PurchaseResponse = z.object({
  ...Transaction,
  purchaseTotal: LedgerAmount.optional(),
  taxTotal: LedgerAmount.optional(),
  meter: Meter,
  customer: Customer,
  utility: Utility,
  tokens: z.array(Token).optional(),
  debtRecoveryCharges: z
    .array(z.object({ amount: TaxableAmount, description: z.string().max(40), balance: LedgerAmount }))
    .optional(),
  serviceCharges: z.array(z.object({ amount: TaxableAmount, description: z.string().max(40) })).optional(),
});
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

export const TokenReprintRequest = z.object({
  ...Transaction,
  meter: Meter,
  /** The id of the purchase to reprint; absent: the last token this vendor bought for the meter. */
  originalRef: z.string().optional(),
});

export const KeyChangeTokenRequest = z.object({ ...Transaction, meter: Meter });
export const KeyChangeTokenResponse = z.object({
  ...Transaction,
  meter: Meter,
  tokens: z.array(Token),
});

export const FAULT_TYPES = [
  'SERIOUS_BOX_DAMAGE',
  'FIRE_WATER_DAMAGE',
  'METER_DEAD',
  'KEEPS_TRIPPING',
  'NO_TRIP',
  'DISPLAY_LIGHTS_BUTTONS',
  'NETWORK_FAULT_REPORT',
  'INCORRECT_SGC',
  'INCORRECT_TI',
  'CONVERTED_FRM_CONVENTIONAL',
  'METER_CHANGED_OUT',
  'NEW_INSTALLATION',
] as const;
export const FaultReportRequest = z.object({
  ...Transaction,
  meter: Meter,
  customer: Customer.optional(),
  contactNumber: z.string().min(1).max(20),
  faultType: z.enum(FAULT_TYPES),
  faultDescription: z.string().max(160).optional(),
});
export const FaultReportResponse = z.object({
  ...Transaction,
  reference: z.string(),
  description: z.string().max(160),
});

const Advice = {
  id: Uuid,
  requestId: Uuid,
  time: Time,
  thirdPartyIdentifiers: z.array(ThirdPartyIdentifier),
  stan: z.string().optional(),
  rrn: z.string().optional(),
};
export const BasicAdviceResponse = z.object(Advice);
export type BasicAdvice = z.infer<typeof BasicAdviceResponse>;
export const ConfirmationAdvice = z.object({ ...Advice, tenders: z.array(Tender) });
export const ReversalAdvice = z.object({
  ...Advice,
  reversalReason: z.enum(['TIMEOUT', 'CANCELLED', 'RESPONSE_NOT_FINAL']),
});
export const KeyChangeConfirmation = z.object(Advice);

export const ERROR_TYPES = [
  'DUPLICATE_RECORD',
  'FORMAT_ERROR',
  'FUNCTION_NOT_SUPPORTED',
  'GENERAL_ERROR',
  'INVALID_AMOUNT',
  'ROUTING_ERROR',
  'TRANSACTION_NOT_SUPPORTED',
  'UNABLE_TO_LOCATE_RECORD',
  'UPSTREAM_UNAVAILABLE',
  'UNKNOWN_METER_ID',
  'TRANSACTION_DECLINED',
  'INVALID_MERCHANT',
  'INVALID_AN32_TOKEN',
  'DO_NOT_HONOR',
  'INVALID_MSISDN',
  'INVALID_LOYALTY_CARD',
  'UTILITY_INVALID',
  'SYSTEM_MALFUNCTION',
  'METER_KEY_INVALID',
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  'NO_FREE_UNITS_DUE',
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'METER_ID_BLOCKED',
  'OUTCOME_UNKNOWN',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const REQUEST_TYPES = [
  'METER_LOOKUP_REQUEST',
  'TOKEN_PURCHASE_REQUEST',
  'TOKEN_PURCHASE_RETRY_REQUEST',
  'TOKEN_REPRINT_REQUEST',
  'FAULT_REPORT_REQUEST',
  'KEY_CHANGE_TOKEN_REQUEST',
  'CONFIRMATION_ADVICE',
  'REVERSAL_ADVICE',
  'NOTIFY_TOKEN_PURCHASE',
  'TOKEN_PURCHASE_TRIAL_REQUEST',
  /** This server's own addition: a vendor reading its own sales. */
  'VENDOR_SALES_REQUEST',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const ErrorDetail = z.object({
  errorType: z.enum(ERROR_TYPES),
  errorMessage: z.string().max(20),
  requestType: z.enum(REQUEST_TYPES),
  id: z.string(),
  originalId: z.string().optional(),
  detailMessage: z.record(z.string(), z.unknown()).optional(),
  /** This server's id of the HTTP request, for the utility's support desk. */
  requestId: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

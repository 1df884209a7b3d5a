import { z } from 'zod';
import { Day } from './common.js';

/**
 * Shift and day cash-up: the credit vends of a date range totalled by operator, station,
 * payment method and day. Totals count issued vends only; vends of the range that were cancelled are
 * shown apart (their count and money), never in the totals.
 */
export const CASH_UP_PATH = '/api/cashUp/read';
export const CASH_UP_EXPORT_PATH = '/api/cashUp/export';
export const CASH_UP_PERMISSION = 'TokenRecord.CashUp' as const;

/** Languages an export can be written in (headers and values as the console shows them). */
export const ExportLanguage = z.enum(['en', 'zh', 'es']);
export type ExportLanguage = z.infer<typeof ExportLanguage>;

/** What credit vends were paid, and how that splits: energy before VAT, VAT, the monthly charge. */
export const VendPayment = {
  totalPaid: z.number(),
  energyCharge: z.number(),
  tax: z.number(),
  monthlyCharge: z.number(),
};

/** The cancelled vends among those a row covers, and their money. */
const CancelledTotals = {
  cancelledCount: z.number().int(),
  cancelledTotalPaid: z.number(),
};

export const CashUpRequest = z
  .object({
    /** First and last day, inclusive, in the server's local time. */
    from: Day,
    to: Day,
    /** A system administrator may ask for one station; everyone else gets their own. */
    stationId: z.string().trim().max(64).nullish(),
    lang: ExportLanguage.nullish(),
  })
  .refine((r) => r.from <= r.to, { message: 'The first day must not be after the last day', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= 366, {
    message: 'A cash-up covers at most 366 days',
    path: ['to'],
  });
export type CashUpRequest = z.infer<typeof CashUpRequest>;

/** One group's totals; money in the currency with 2 places, units in kWh (m³) with 1. */
export const CashUpRow = z.object({
  /** Operator id, station id, payment method ('' when none was given) or day (yyyy-MM-dd). */
  key: z.string(),
  count: z.number().int(),
  units: z.number(),
  ...VendPayment,
  debtRecovered: z.number(),
  ...CancelledTotals,
});
export type CashUpRow = z.infer<typeof CashUpRow>;

export const CashUpResult = z.object({
  from: Day,
  to: Day,
  stationId: z.string().nullable(),
  byOperator: z.array(CashUpRow),
  byStation: z.array(CashUpRow),
  byPaymentMethod: z.array(CashUpRow),
  byDay: z.array(CashUpRow),
  total: CashUpRow,
});
export type CashUpResult = z.infer<typeof CashUpResult>;

/** The totals row of a credit record page: the sums of every row its filter matches (all pages). */
export const CREDIT_RECORD_TOTALS_PATH = '/api/token/creditTokenRecord/totals';
export const CREDIT_CANCEL_RECORD_TOTALS_PATH = '/api/token/creditTokenCancelRecord/totals';
export const RecordTotals = z.object({
  count: z.number().int(),
  totalUnit: z.number(),
  ...VendPayment,
  payDebt: z.number(),
  /** Of `count`, the cancelled vends and their money (a filter may hold both). */
  ...CancelledTotals,
});
export type RecordTotals = z.infer<typeof RecordTotals>;

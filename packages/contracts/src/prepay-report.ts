import { z } from 'zod';
import { AccountColumns } from './account.js';
import { DateRange, DateTime, IdFilter, page, TextFilter } from './common.js';
import { CustomerColumns } from './customer.js';
import { LangReadRequest } from './daily-data.js';

/** The request of a report over accounts: its language and the customer and meter filters. */
const AccountReportRequest = LangReadRequest.extend({
  customerId: IdFilter,
  meterId: IdFilter,
});

export const LongNonpurchaseRequest = AccountReportRequest.extend({
  nonpurchaseDaysStart: z.number().int().min(0).nullish(),
  nonpurchaseDaysEnd: z.number().int().min(0).nullish(),
});
export type LongNonpurchaseRequest = z.infer<typeof LongNonpurchaseRequest>;

/** An account row of a purchase report: the account, and the station and tariff it is sold under. */
const PlacedAccountColumns = { ...AccountColumns, stationId: z.string(), tariffId: z.string() };

export const LongNonpurchaseRow = z.object({
  ...PlacedAccountColumns,
  lastPurchaseUnit: z.number(),
  lastPurchasePaid: z.number(),
  /** null: never purchased (nonpurchaseDays then counts from the account's creation). */
  lastPurchaseDate: DateTime.nullable(),
  nonpurchaseDays: z.number().int(),
});
export type LongNonpurchaseRow = z.infer<typeof LongNonpurchaseRow>;

export const LowPurchaseRequest = AccountReportRequest.extend({
  dateRange: DateRange,
  /** Money: accounts whose paid total in the range is at or below it. */
  lowLimit: z.number().min(0).max(1e13).nullish(),
});
export type LowPurchaseRequest = z.infer<typeof LowPurchaseRequest>;

export const LowPurchaseRow = z.object({
  ...PlacedAccountColumns,
  purchaseTotalUnit: z.number(),
  purchaseTotalPaid: z.number(),
  purchaseTimes: z.number().int(),
});
export type LowPurchaseRow = z.infer<typeof LowPurchaseRow>;

export const DebtSituationRequest = LangReadRequest.extend({
  customerId: IdFilter,
  customerName: TextFilter,
  /** true: only customers with something left to pay. */
  outstanding: z.boolean().nullish(),
});
export type DebtSituationRequest = z.infer<typeof DebtSituationRequest>;

export const DebtSituationRow = z.object({
  ...CustomerColumns,
  stationId: z.string(),
  totalDebt: z.number(),
  paidDebt: z.number(),
  remainingDebt: z.number(),
  /** Issued vends that recovered part of the debt. */
  paymentTimes: z.number().int(),
  lastPaymentDate: DateTime.nullable(),
});
export type DebtSituationRow = z.infer<typeof DebtSituationRow>;

/** The vends that paid a customer's debt (the Debt Situation row's detail). */
export const DebtPaymentsRequest = LangReadRequest.extend({
  customerId: z.string().min(1).max(64),
});
export type DebtPaymentsRequest = z.infer<typeof DebtPaymentsRequest>;
export const DebtPaymentRow = z.object({
  receiptId: z.number().int(),
  meterId: z.string(),
  createDate: DateTime,
  totalPaid: z.number(),
  payDebt: z.number(),
  remainingDebt: z.number(),
});
export type DebtPaymentRow = z.infer<typeof DebtPaymentRow>;

export const ConsumptionStatisticsRequest = AccountReportRequest.extend({
  dateRange: DateRange,
  isDaily: z.boolean().default(true),
});
export type ConsumptionStatisticsRequest = z.infer<typeof ConsumptionStatisticsRequest>;

export const ConsumptionRow = z.object({
  /** The day (daily) or the month's first day (monthly), "yyyy-MM-dd 00:00:00". */
  currentDate: DateTime,
  /** kWh. */
  consumption: z.number(),
  /** Meters whose readings make the figure: read that day (daily), the most read on one day (monthly). */
  meters: z.number().int(),
});
export type ConsumptionRow = z.infer<typeof ConsumptionRow>;

/**
 * What a report's figures stand on, stated with them so no figure is read for more than it is: the period
 * they cover, the limit the rows were chosen by, and how many of the meters (or accounts) in the report's
 * scope they hold.
 */
export const ReportScope = z.object({
  /** The first and the last moment the figures cover; null where the report has no such bound. */
  from: DateTime.nullable(),
  to: DateTime.nullable(),
  /**
   * The limit rows were chosen by (Low Purchase: money paid at most; Long Nonpurchase: days without a
   * purchase at least); null when none was set.
   */
  threshold: z.number().nullable(),
  /**
   * Consumption: the most meters read on one day of the period; the account reports: the accounts listed;
   * Debt Situation: the customers listed.
   */
  covered: z.number().int(),
  /**
   * Consumption: the electricity meters in scope; the account reports: the accounts in scope; Debt
   * Situation: the customers with a debt in scope.
   */
  of: z.number().int(),
});
export type ReportScope = z.infer<typeof ReportScope>;

/** A report's page with its scope. */
export const reportPage = <T extends z.ZodType>(row: T) => page(row).extend({ scope: ReportScope });

/**
 * Low Purchase as the console opens it: the last 30 days, accounts that paid 1,000.00 or less (both shown
 * and changeable). The API applies none of them: a client that sends no limit lists every account.
 */
export const LOW_PURCHASE_DEFAULTS = { days: 30, lowLimit: 1000 } as const;

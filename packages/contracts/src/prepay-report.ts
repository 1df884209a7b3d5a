import { z } from 'zod';
import { AccountColumns } from './account.js';
import { DateRange, DateTime, IdFilter, TextFilter } from './common.js';
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
});
export type ConsumptionRow = z.infer<typeof ConsumptionRow>;

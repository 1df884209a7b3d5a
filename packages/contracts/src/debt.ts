import { z } from 'zod';
import { Id, ReadRequestBase, Remark, StationRowFields, textFilters } from './common.js';
import { CustomerNameColumns } from './customer.js';
import { MoneyInput } from './money.js';

/** One debt record per customer: what they owe in total, what is left, what was recovered so far. */
export const DebtRequest = z.object({
  customerId: Id,
  totalDebt: MoneyInput,
  /** Ignored: a debt lives in its customer's station. */
  stationId: Id.nullish(),
  remark: Remark,
});
export type DebtRequest = z.infer<typeof DebtRequest>;
export const DebtDeleteRequest = z.object({ customerId: Id });

export const DebtRow = z.object({
  ...CustomerNameColumns,
  totalDebt: z.number(),
  remainingDebt: z.number(),
  /** Recovered so far (vending takes a percentage of each payment). */
  payDebt: z.number(),
  ...StationRowFields,
});
export type DebtRow = z.infer<typeof DebtRow>;

export const DebtReadRequest = ReadRequestBase.extend({
  ...textFilters('customerId', 'customerName', 'remark'),
  totalDebt: z.number().nullish(),
  /** true: only debts with something left to recover. */
  outstanding: z.boolean().nullish(),
});
export type DebtReadRequest = z.infer<typeof DebtReadRequest>;

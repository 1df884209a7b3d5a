import { z } from 'zod';
import { DateTime, Day, IdFilter, ReadRequestBase } from './common.js';
import { Lang } from './daily-data.js';

/**
 * A channel sale as the revenue office sees it: "sold" until the vendor confirms it (final) or reverses it
 * (cancelled, the float given back).
 */
export const CHANNEL_SALE_STATES = ['sold', 'confirmed', 'reversed'] as const;
export const ChannelSaleState = z.enum(CHANNEL_SALE_STATES);

/** The language of a download's titles and coded values (the grid sends its own). */
const ExportLang = { lang: Lang.nullish() };

export const ChannelTransactionReadRequest = ReadRequestBase.extend({
  ...ExportLang,
  vendorId: IdFilter,
  meterId: IdFilter,
  saleState: ChannelSaleState.nullish(),
});
export type ChannelTransactionReadRequest = z.infer<typeof ChannelTransactionReadRequest>;

export const ChannelTransactionRow = z.object({
  id: z.number().int(),
  vendorId: z.string(),
  vendorName: z.string().nullable(),
  /** The purchase id the vendor chose. */
  messageId: z.string(),
  meterId: z.string(),
  stationId: z.string().nullable(),
  receiptId: z.number().int().nullable(),
  amount: z.number(),
  commission: z.number(),
  saleState: ChannelSaleState,
  confirmationId: z.string().nullable(),
  reversalId: z.string().nullable(),
  createDate: DateTime,
  updateDate: DateTime.nullable(),
});
export type ChannelTransactionRow = z.infer<typeof ChannelTransactionRow>;

/** What a purchase went through after it was sold: its advices, retries and reprints. */
export const CHANNEL_ADVICE_KINDS = ['purchase', 'confirmation', 'reversal', 'retry', 'reprint'] as const;
export const ChannelAdviceKind = z.enum(CHANNEL_ADVICE_KINDS);
export const CHANNEL_ADVICE_OUTCOMES = ['accepted', 'repeated', 'refused'] as const;
export const ChannelAdviceOutcome = z.enum(CHANNEL_ADVICE_OUTCOMES);

export const ChannelAdviceRequest = z.object({
  vendorId: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
});
export const ChannelAdviceRow = z.object({
  adviceKind: ChannelAdviceKind,
  /** The advice's own id (the confirmation's, the reversal's, the reprint's), null for a retry. */
  adviceId: z.string().nullable(),
  outcome: ChannelAdviceOutcome,
  /** Why it was refused, in the interface's words. */
  reason: z.string().nullable(),
  createDate: DateTime,
});
export type ChannelAdviceRow = z.infer<typeof ChannelAdviceRow>;

/** The daily reconciliation: one row per vendor and day its float moved (server's zone). */
export const ReconciliationReadRequest = ReadRequestBase.extend({
  ...ExportLang,
  vendorId: IdFilter,
  dayFrom: Day.nullish(),
  dayTo: Day.nullish(),
});
export type ReconciliationReadRequest = z.infer<typeof ReconciliationReadRequest>;

export const ReconciliationRow = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  day: z.string(),
  openingBalance: z.number(),
  topUps: z.number(),
  adjustments: z.number(),
  salesCount: z.number().int(),
  salesAmount: z.number(),
  reversalCount: z.number().int(),
  reversalAmount: z.number(),
  /** The vendor's commission on the day's sales less that on their reversals. */
  commission: z.number(),
  /** Sales less reversals: what the float paid out for tokens. */
  netSales: z.number(),
  /** What the vendor owes the utility for the day: net sales less its commission. */
  netDue: z.number(),
  closingBalance: z.number(),
});
export type ReconciliationRow = z.infer<typeof ReconciliationRow>;

import { Day } from '@prepay/contracts';
import { z } from 'zod';
import { LedgerAmount } from './ppu.models.js';

/**
 * A vendor machine's own sales, as its integration team reconciles them: the days asked for (the
 * utility's calendar days, inclusive) and a page of the sales made on them.
 */
export const VendorSalesQuery = z.object({
  from: Day,
  to: Day,
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type VendorSalesQuery = z.infer<typeof VendorSalesQuery>;

/** The longest range one request may ask for, in days. */
export const MAX_SALES_DAYS = 92;

export const SALE_CHANNELS = ['REST', 'XMLVEND', 'MOBILE_MONEY'] as const;
export const SALE_STATES = ['ISSUED', 'CONFIRMED', 'REVERSED'] as const;

export const VendorSale = z.object({
  /** The id the sale was made under: the purchase id, XMLVend's msgID key, or the payment's TransID. */
  purchaseId: z.string(),
  channel: z.enum(SALE_CHANNELS),
  time: z.string(),
  meterId: z.string(),
  receiptNum: z.string().nullable(),
  units: z.number(),
  amount: LedgerAmount,
  commission: LedgerAmount,
  state: z.enum(SALE_STATES),
  confirmationId: z.string().nullable(),
  reversalId: z.string().nullable(),
});
export type VendorSale = z.infer<typeof VendorSale>;

/**
 * The range's totals from the float's own ledger: sales made in it, reversals made in it (of sales made
 * then or before), the commission they earn net of reversals, and what the vendor owes for them.
 */
export const VendorSalesTotals = z.object({
  salesCount: z.number().int(),
  salesAmount: LedgerAmount,
  reversalCount: z.number().int(),
  reversalAmount: LedgerAmount,
  commission: LedgerAmount,
  netDue: LedgerAmount,
});

export const VendorSalesResponse = z.object({
  vendorId: z.string(),
  from: z.string(),
  to: z.string(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Sales in the range in all (the page holds `limit` of them from `offset`, oldest first). */
  total: z.number().int(),
  totals: VendorSalesTotals,
  sales: z.array(VendorSale),
});
export type VendorSalesResponse = z.infer<typeof VendorSalesResponse>;

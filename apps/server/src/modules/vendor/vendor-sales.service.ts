import type { Deps } from '../../deps.js';
import { addDays, daysBetween, localTime } from '../../lib/dates.js';
import type { ChannelCall } from './channel-service.js';
import { UTILITY_CURRENCY } from './ppu.answers.js';
import { channelError } from './ppu.errors.js';
import {
  MAX_SALES_DAYS,
  type VendorSale,
  type VendorSalesQuery,
  type VendorSalesResponse,
} from './vendor-sales.models.js';
import { type SaleLine, salesPage, salesTotals } from './vendor-sales.repo.js';

const money = (amount: number) => ({ amount, currency: UTILITY_CURRENCY });

const CHANNEL_OF: Record<string, VendorSale['channel']> = { xmlvend: 'XMLVEND', mobileMoney: 'MOBILE_MONEY' };
const STATE_OF = { issued: 'ISSUED', confirmed: 'CONFIRMED', reversed: 'REVERSED' } as const;

const saleOf = (l: SaleLine): VendorSale => ({
  purchaseId: l.messageId,
  channel: CHANNEL_OF[l.channel ?? ''] ?? 'REST',
  time: l.createDate.toISOString(),
  meterId: l.meterId,
  receiptNum: l.receiptId === null ? null : String(l.receiptId),
  units: (l.units ?? 0) / 10,
  // The ledger keeps a sale as a debit of the float; the vendor reads it as the amount it sold.
  amount: money(-l.amountMinor),
  commission: money(l.commissionMinor),
  state: STATE_OF[l.state ?? 'issued'],
  confirmationId: l.confirmationId,
  reversalId: l.reversalId,
});

/**
 * The calling vendor's own sales made on the days asked for, a page at a time (oldest first), with the
 * range's totals from its float's ledger. Only the caller's vendor is ever read: no parameter names one.
 */
export async function ownSales(
  deps: Deps,
  call: ChannelCall,
  query: VendorSalesQuery,
): Promise<VendorSalesResponse> {
  if (query.from > query.to || daysBetween(query.from, query.to) >= MAX_SALES_DAYS) {
    throw channelError('FORMAT_ERROR', 'Range not valid', 400, { maxDays: MAX_SALES_DAYS });
  }
  const vendorId = call.vendor.vendorId;
  const range = { start: localTime(query.from), end: localTime(addDays(query.to, 1)) };
  const { db } = deps.database;
  const [lines, t] = await Promise.all([
    salesPage(db, vendorId, range, query),
    salesTotals(db, vendorId, range),
  ]);
  const net = t.salesMinor - t.reversalMinor - t.commissionMinor;
  return {
    vendorId,
    from: query.from,
    to: query.to,
    offset: query.offset,
    limit: query.limit,
    total: t.salesCount,
    totals: {
      salesCount: t.salesCount,
      salesAmount: money(t.salesMinor),
      reversalCount: t.reversalCount,
      reversalAmount: money(t.reversalMinor),
      commission: money(t.commissionMinor),
      netDue: money(net),
    },
    sales: lines.map(saleOf),
  };
}

import {
  CommunicationWay,
  type CreditTokenRecord,
  groupsOfFour,
  type ManagementTokenRecord,
} from '@prepay/contracts';
import type { Queryable } from '../../db/client.js';
import { minorToNumber, tenthsToNumber } from '../../kernel/money.js';
import { formatDateTime } from '../../lib/dates.js';
import { withFields } from '../../lib/with-fields.js';
import { communicationWays, type ListedRecordRow, type TokenRecordRow } from './vending.repo.js';

const money = (minor: number | null) => minorToNumber(minor ?? 0);

function base(r: TokenRecordRow) {
  return {
    receiptId: r.receiptId,
    customerId: r.customerId,
    customerName: r.customerName,
    customerAddress: r.customerAddress,
    meterId: r.meterId,
    meterType: r.meterType,
    tariffId: r.tariffId,
    token: groupsOfFour(r.token),
    tid: r.tid,
    status: r.status,
    stationId: r.stationId,
    remark: r.remark,
    createId: r.createId,
    createDate: formatDateTime(r.createDate),
    updateId: r.updateId,
    updateDate: formatDateTime(r.updateDate ?? r.createDate),
  };
}

/** A credit record before the meter's CommunicationWay is joined in (withCommunicationWay). */
export type CreditRecordView = Omit<CreditTokenRecord, 'communicationWay'>;

/**
 * A cancel record answers with the receipt of the vend it cancels, where a client of the original reads
 * it (receiptId); its own number from the cancel sequence is cancelReceiptId. Vends have none.
 */
function receiptsOf(r: ListedRecordRow) {
  if (r.kind !== 'creditCancel') return { receiptId: r.receiptId, cancelReceiptId: null };
  return { receiptId: r.cancelledReceiptId ?? r.receiptId, cancelReceiptId: r.receiptId };
}

export function creditRecordOf(r: ListedRecordRow, isPreview = false): CreditRecordView {
  return withFields(base(r), {
    ...receiptsOf(r),
    tokenFirst: null,
    tokenSecond: null,
    tariffName: r.tariffName,
    purchaseWay: r.purchaseWay ?? 0,
    totalUnit: tenthsToNumber(r.units ?? 0),
    totalPaid: money(r.totalPaidMinor),
    energyCharge: money(r.energyMinor),
    tax: money(r.taxMinor),
    monthlyCharge: money(r.monthlyChargeMinor),
    payDebt: money(r.payDebtMinor),
    debtPercent: r.debtPercent ?? 0,
    totalDebt: money(r.totalDebtMinor),
    remainingDebt: money(r.remainingDebtMinor),
    remainder: money(r.remainderMinor),
    carriedIn: money(r.carriedInMinor),
    carriedOut: money(r.carriedOutMinor),
    paymentMethod: r.paymentMethod,
    isPreview,
    cancelRemark: r.cancelRemark,
    cancelId: r.cancelId,
    cancelDate: formatDateTime(r.cancelDate),
  });
}

export function managementRecordOf(r: TokenRecordRow): ManagementTokenRecord {
  return withFields(base(r), {
    maximumPower: r.kind === 'maxPower' ? r.value : null,
    maximumPhasePowerUnbalance: r.kind === 'maxPhaseUnbalance' ? r.value : null,
    maximumOverdraft: r.kind === 'maxOverdraft' ? r.value : null,
  });
}

export function keyChangeRecordOf(r: TokenRecordRow) {
  const tokens = (r.tokens ?? []).map(groupsOfFour);
  return withFields(base(r), {
    tokenFirst: tokens[0] ?? '',
    tokenSecond: tokens[1] ?? '',
    tokens,
    confirmed: r.confirmed ?? false,
  });
}

/** The meters' CommunicationWay, which the original's credit records carry and ours do not copy. */
export async function withCommunicationWay<T extends { meterId: string }>(
  q: Queryable,
  rows: T[],
): Promise<(T & { communicationWay: number })[]> {
  const byId = await communicationWays(q, [...new Set(rows.map((r) => r.meterId))]);
  // A meter deleted since the vend: the column's default.
  return rows.map((r) => ({ ...r, communicationWay: byId.get(r.meterId) ?? CommunicationWay.lorawan }));
}

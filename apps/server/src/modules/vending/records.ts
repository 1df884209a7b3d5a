import type { CreditTokenRecord, ManagementTokenRecord } from '@prepay/contracts';
import { formatToken } from '@prepay/sts';
import { formatDateTime } from '../../lib/dates.js';
import { minorToNumber, tenthsToNumber } from '../masterdata/money.js';
import type { TokenRecordRow } from './vending.repo.js';

/** "dddd dddd dddd dddd dddd", as the original shows and prints tokens. */
export const groupsOfFour = (token: string) => (token ? formatToken(token, ' ') : '');

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
    updateDate: formatDateTime(r.updateDate),
  };
}

export function creditRecordOf(r: TokenRecordRow, isPreview = false): CreditTokenRecord {
  return {
    ...base(r),
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
    paymentMethod: r.paymentMethod,
    isPreview,
    cancelRemark: r.cancelRemark,
    cancelId: r.cancelId,
    cancelDate: formatDateTime(r.cancelDate),
  };
}

export function managementRecordOf(r: TokenRecordRow): ManagementTokenRecord {
  return {
    ...base(r),
    maximumPower: r.kind === 'maxPower' ? r.value : null,
    maximumPhasePowerUnbalance: r.kind === 'maxPhaseUnbalance' ? r.value : null,
    maximumOverdraft: r.kind === 'maxOverdraft' ? r.value : null,
  };
}

export function keyChangeRecordOf(r: TokenRecordRow) {
  const tokens = (r.tokens ?? []).map(groupsOfFour);
  return {
    ...base(r),
    tokenFirst: tokens[0] ?? '',
    tokenSecond: tokens[1] ?? '',
    tokens,
    confirmed: r.confirmed ?? false,
  };
}

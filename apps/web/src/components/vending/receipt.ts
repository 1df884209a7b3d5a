import { type ImageSlot, imagePath } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { openPrintView, type PrintPayload } from '../../lib/print';
import { runtimeConfig } from '../../lib/runtime-config';
import { energy, groupsOfFour, money, unitOf } from './amount';

/** What a receipt needs of any token record (credit, management, key change). */
export interface ReceiptRecord {
  receiptId: number;
  customerId: string | null;
  customerName: string | null;
  customerAddress?: string | null;
  meterId: string;
  meterType: number;
  tariffId?: string | null;
  token: string;
  createId: string | null;
  createDate: string | null;
  remark?: string | null;
}

/** A vend's receipt; a record page may hold a row without some figures, which print empty. */
export interface CreditReceiptRecord extends ReceiptRecord {
  tariffName?: string | null;
  totalUnit?: number | null;
  totalPaid?: number | null;
  energyCharge?: number | null;
  tax?: number | null;
  monthlyCharge?: number | null;
  payDebt?: number | null;
  remainingDebt?: number | null;
  paymentMethod?: string | null;
}

const RECEIPT_LOGO: ImageSlot = 'receiptLogo';

const line = (label: string, value: string | number | null | undefined): [string, string] => [
  label,
  value === null || value === undefined ? '' : String(value),
];

function head(t: TFunction, r: ReceiptRecord): Array<[string, string]> {
  return [
    line(t('vending.receiptId'), r.receiptId),
    line(t('vending.date'), r.createDate),
    line(t('vending.customerId'), r.customerId),
    line(t('vending.customerName'), r.customerName),
    ...(r.customerAddress ? [line(t('vending.customerAddress'), r.customerAddress)] : []),
    line(t('vending.meterId'), r.meterId),
  ];
}

/** The credit vend receipt: every figure of the breakdown, the token and who sold it. */
export function creditReceipt(t: TFunction, r: CreditReceiptRecord): PrintPayload {
  const unit = unitOf(r.meterType);
  return {
    title: t('vending.creditReceipt'),
    receipt: true,
    lines: [
      ...head(t, r),
      line(t('vending.tariffId'), [r.tariffId, r.tariffName].filter(Boolean).join(' ')),
      line(t('vending.totalPaid'), money(r.totalPaid)),
      line(t('vending.energyCharge'), money(r.energyCharge)),
      line(t('vending.vat'), money(r.tax)),
      line(t('vending.monthlyCharge'), money(r.monthlyCharge)),
      line(t('vending.payDebt'), money(r.payDebt)),
      line(t('vending.remainingDebt'), money(r.remainingDebt)),
      line(t('vending.totalUnit'), `${energy(r.totalUnit)} ${unit}`),
      ...(r.paymentMethod ? [line(t('vending.paymentMethod'), r.paymentMethod)] : []),
      line(t('vending.token'), groupsOfFour(r.token)),
      line(t('vending.operator'), r.createId),
    ],
  };
}

/** Management and key change receipts: the kind, its value (if any) and the token(s). */
export function tokenReceipt(
  t: TFunction,
  title: string,
  r: ReceiptRecord,
  extra: Array<[string, string]> = [],
  tokens?: string[],
): PrintPayload {
  const tokenLines =
    tokens && tokens.length > 0
      ? tokens.map((tok, i) => line(`${t('vending.token')} ${i + 1}`, groupsOfFour(tok)))
      : [line(t('vending.token'), groupsOfFour(r.token))];
  return {
    title,
    receipt: true,
    lines: [...head(t, r), ...extra, ...tokenLines, line(t('vending.operator'), r.createId)],
  };
}

/** Opens /pdf/table-normal with the product logo of Setting → Image (the product name when none). */
export function printReceipt(t: TFunction, payload: PrintPayload) {
  openPrintView({
    ...payload,
    logoUrl: `${runtimeConfig().apiUrl}${imagePath(RECEIPT_LOGO)}`,
    logoAlt: t('common.title'),
  });
}

import { groupsOfFour, type ImageSlot, imagePath } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { openPrintView, type PrintPayload } from '../../lib/print';
import { runtimeConfig } from '../../lib/runtime-config';
import { sessionStore } from '../../lib/session';
import { energy, money, unitOf } from './amount';
import { useBasicInformation } from './vending';
import './office-locales';

/** Who sells and in what money: the item dictionary's company and currency, the operator's station. */
export interface ReceiptContext {
  company?: string | null;
  currency?: string | null;
  station?: string | null;
  /** A reprint says COPY; the receipt of a cancelled vend says CANCELLED. */
  copy?: boolean;
  cancelled?: boolean;
}

/** The receipt context of the signed-in operator (company and currency from Setting → Item). */
export function useReceiptContext(): ReceiptContext {
  const basic = useBasicInformation();
  const station = sessionStore.use((s) =>
    s.info ? [s.info.stationId, s.info.company].filter(Boolean).join(' — ') : null,
  );
  return { company: basic.data?.company, currency: basic.data?.currency, station };
}

function marksOf(t: TFunction, ctx: ReceiptContext): string[] {
  return [
    ...(ctx.cancelled ? [t('vending.office.cancelledMark')] : []),
    ...(ctx.copy ? [t('vending.office.copy')] : []),
  ];
}

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
  /** Change from earlier sales this one spent, and change it leaves for the next (printed when any). */
  carriedIn?: number | null;
  carriedOut?: number | null;
  paymentMethod?: string | null;
  /** Where the token went by SMS and how far it got (a mobile-money sale). */
  smsTo?: string | null;
  smsState?: string | null;
}

/** "Sent by SMS to …" and its state, for a record whose token went by SMS. */
export const smsLine = (t: TFunction, r: Pick<CreditReceiptRecord, 'smsTo' | 'smsState'>): string =>
  r.smsTo
    ? t('vending.sentBySms', { to: r.smsTo, state: t(`vending.smsState.${r.smsState ?? 'queued'}`) })
    : '';

/** A figure's line only when it is above zero (carried change is news only when there is some). */
const whenAny = (label: string, n: number | null | undefined, text: string): Array<[string, string]> =>
  n !== null && n !== undefined && n > 0 ? [line(label, text)] : [];

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

/**
 * The credit vend receipt: company, station and operator, every figure of the breakdown with the
 * currency, and the token in five groups of four (printed apart, never wrapped inside a group).
 */
export function creditReceipt(t: TFunction, r: CreditReceiptRecord, ctx: ReceiptContext = {}): PrintPayload {
  const unit = unitOf(r.meterType);
  const m = (n: number | null | undefined) => {
    const text = money(n);
    return text && ctx.currency ? `${text} ${ctx.currency}` : text;
  };
  return {
    title: t('vending.creditReceipt'),
    receipt: true,
    company: ctx.company ?? undefined,
    marks: marksOf(t, ctx),
    token: groupsOfFour(r.token),
    tokenLabel: t('vending.token'),
    lines: [
      ...(ctx.station ? [line(t('vending.office.station'), ctx.station)] : []),
      line(t('vending.operator'), r.createId),
      ...head(t, r),
      line(t('vending.tariffId'), [r.tariffId, r.tariffName].filter(Boolean).join(' ')),
      line(t('vending.totalUnit'), `${energy(r.totalUnit)} ${unit}`),
      line(t('vending.energyCharge'), m(r.energyCharge)),
      line(t('vending.vat'), m(r.tax)),
      line(t('vending.monthlyCharge'), m(r.monthlyCharge)),
      line(t('vending.payDebt'), m(r.payDebt)),
      line(t('vending.remainingDebt'), m(r.remainingDebt)),
      line(t('vending.totalPaid'), m(r.totalPaid)),
      ...whenAny(t('vending.office.carriedIn'), r.carriedIn, m(r.carriedIn)),
      ...whenAny(t('vending.office.carriedOut'), r.carriedOut, m(r.carriedOut)),
      ...(r.paymentMethod ? [line(t('vending.paymentMethod'), r.paymentMethod)] : []),
      ...(r.smsTo ? [line(t('vending.sms'), smsLine(t, r))] : []),
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
  ctx: ReceiptContext = {},
): PrintPayload {
  const tokenLines =
    tokens && tokens.length > 0
      ? tokens.map((tok, i) => line(`${t('vending.token')} ${i + 1}`, groupsOfFour(tok)))
      : [line(t('vending.token'), groupsOfFour(r.token))];
  return {
    title,
    receipt: true,
    company: ctx.company ?? undefined,
    marks: marksOf(t, ctx),
    lines: [
      ...(ctx.station ? [line(t('vending.office.station'), ctx.station)] : []),
      ...head(t, r),
      ...extra,
      ...tokenLines,
      line(t('vending.operator'), r.createId),
    ],
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

import type { CreditTokenRecord } from '@prepay/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { energy, money, unitOf } from '../../components/vending/amount';
import '../../components/vending/locales';
import '../../components/vending/office-locales';

export type Breakdown = Pick<
  CreditTokenRecord,
  | 'totalPaid'
  | 'energyCharge'
  | 'tax'
  | 'monthlyCharge'
  | 'payDebt'
  | 'debtPercent'
  | 'totalDebt'
  | 'remainingDebt'
  | 'remainder'
  | 'carriedIn'
  | 'carriedOut'
  | 'totalUnit'
  | 'meterType'
>;

/**
 * What the customer pays for: energy, VAT, the monthly charge and the debt share add up to the total
 * paid plus the change spent from earlier sales, less what is carried forward (too small for 0.1 unit);
 * the units are what the token loads.
 */
export function CreditBreakdown({ record }: { record: Breakdown }) {
  const { t } = useTranslation();
  const unit = unitOf(record.meterType);
  const items = [
    { key: 'totalPaid', label: t('vending.totalPaid'), children: money(record.totalPaid) },
    { key: 'energyCharge', label: t('vending.energyCharge'), children: money(record.energyCharge) },
    { key: 'tax', label: t('vending.vat'), children: money(record.tax) },
    { key: 'monthlyCharge', label: t('vending.monthlyCharge'), children: money(record.monthlyCharge) },
    {
      key: 'payDebt',
      label: `${t('vending.payDebt')} (${record.debtPercent}%)`,
      children: money(record.payDebt),
    },
    ...debtLines(record, t),
    ...(record.carriedIn > 0
      ? [{ key: 'carriedIn', label: t('vending.office.carriedIn'), children: money(record.carriedIn) }]
      : []),
    ...(record.carriedOut > 0
      ? [{ key: 'carriedOut', label: t('vending.office.carriedOut'), children: money(record.carriedOut) }]
      : []),
    // By unit nothing is carried: what the units did not use is shown as the remainder.
    ...(record.remainder > 0 && record.carriedOut <= 0
      ? [{ key: 'remainder', label: t('vending.remainder'), children: money(record.remainder) }]
      : []),
    {
      key: 'totalUnit',
      label: t('vending.totalUnit'),
      children: <strong>{`${energy(record.totalUnit)} ${unit}`}</strong>,
    },
  ].map((i) => ({ ...i, children: <span data-testid={`breakdown-${i.key}`}>{i.children}</span> }));
  return <Descriptions className="vending-breakdown" bordered size="small" column={1} items={items} />;
}

/**
 * The debt as lines that add up: the total owed, what earlier sales repaid, what this one repays (the
 * line above) and what remains after it — total − earlier − this = remaining.
 */
function debtLines(record: Breakdown, t: (key: string) => string) {
  if (record.totalDebt <= 0) return [];
  const earlier = Math.round((record.totalDebt - record.remainingDebt - record.payDebt) * 100) / 100;
  return [
    { key: 'totalDebt', label: t('vending.totalDebt'), children: money(record.totalDebt) },
    ...(earlier > 0
      ? [{ key: 'debtRepaidBefore', label: t('vending.office.debtRepaidBefore'), children: money(earlier) }]
      : []),
    {
      key: 'remainingDebt',
      label: t('vending.office.remainingAfter'),
      children: money(record.remainingDebt),
    },
  ];
}

/** The breakdown in sentences a cashier can read out to the customer at the counter. */
export function CreditSummary({ record, currency }: { record: Breakdown; currency?: string | null }) {
  const { t } = useTranslation();
  const unit = unitOf(record.meterType);
  const m = (n: number) => (currency ? `${money(n)} ${currency}` : money(n));
  const lines = [
    t('vending.office.summary', { paid: m(record.totalPaid), units: `${energy(record.totalUnit)} ${unit}` }),
    t('vending.office.summaryParts', {
      energy: m(record.energyCharge),
      vat: m(record.tax),
      monthly: m(record.monthlyCharge),
    }),
    record.payDebt > 0
      ? t('vending.office.summaryDebt', { debt: m(record.payDebt), remaining: m(record.remainingDebt) })
      : t('vending.office.summaryNoDebt', { remaining: m(record.remainingDebt) }),
    ...(record.carriedIn > 0 ? [t('vending.office.summaryCarriedIn', { carried: m(record.carriedIn) })] : []),
    ...(record.carriedOut > 0
      ? [t('vending.office.summaryCarriedOut', { carried: m(record.carriedOut), unit })]
      : record.remainder > 0
        ? [t('vending.office.summaryRemainder', { remainder: m(record.remainder), unit })]
        : []),
  ];
  return (
    <div className="vending-summary" data-testid="vend-summary">
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}

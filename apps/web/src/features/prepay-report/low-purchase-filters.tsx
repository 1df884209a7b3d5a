import { LOW_PURCHASE_DEFAULTS } from '@prepay/contracts';
import { InputNumber, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyAndReset, PeriodPicker, type Range, toWire } from './consumption-filters';
import { READ_LANG } from './report-columns';

export type LowPurchaseFilter = {
  dateRange: [string | null, string | null] | null;
  lowLimit: number | null;
};

/** The console's opening filter: the last 30 days (today included), 1,000.00 or less paid. */
export function defaultRange(now = dayjs()): Range {
  return [now.subtract(LOW_PURCHASE_DEFAULTS.days - 1, 'day'), now];
}

export type LowPurchaseBody = LowPurchaseFilter & { lang: string };

/** The read body of a filter (the report's `lang` with it). */
export const lowPurchaseBody = (range: Range, lowLimit: number | null): LowPurchaseBody => ({
  ...READ_LANG,
  dateRange: toWire(range, false),
  lowLimit,
});

/** Low Purchase's one filter bar: the purchase period and the limit, both shown and changeable. */
export function LowPurchaseFilters({ onApply }: { onApply: (body: LowPurchaseBody) => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => defaultRange());
  const [limit, setLimit] = useState<number | null>(LOW_PURCHASE_DEFAULTS.lowLimit);
  return (
    <Space wrap>
      <PeriodPicker range={range} onChange={setRange} />
      <Typography.Text>{t('report.lowLimitShort')}</Typography.Text>
      <InputNumber
        data-testid="filter-lowLimit"
        aria-label={t('report.lowLimit')}
        min={0}
        step={0.01}
        placeholder={t('report.lowLimit')}
        style={{ width: 160 }}
        value={limit}
        onChange={(v) => setLimit(typeof v === 'number' ? v : null)}
      />
      <ApplyAndReset
        applyId="filter-apply"
        applyLabel={t('report.apply')}
        onApply={() => onApply(lowPurchaseBody(range, limit))}
        onReset={() => {
          const r = defaultRange();
          setRange(r);
          setLimit(LOW_PURCHASE_DEFAULTS.lowLimit);
          onApply(lowPurchaseBody(r, LOW_PURCHASE_DEFAULTS.lowLimit));
        }}
      />
    </Space>
  );
}

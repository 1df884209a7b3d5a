import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConsumptionFilter {
  customerId: string | null;
  meterId: string | null;
  /** Whole days (daily) or whole months (monthly), "yyyy-MM-dd HH:mm:ss". */
  dateRange: [string | null, string | null] | null;
}

export const NO_FILTER: ConsumptionFilter = { customerId: null, meterId: null, dateRange: null };

const WIRE = 'YYYY-MM-DD HH:mm:ss';
export type Range = [Dayjs | null, Dayjs | null] | null;

/** Whole days, or whole months when monthly: the first second of the start to the last of the end. */
export function toWire(range: Range, monthly: boolean): ConsumptionFilter['dateRange'] {
  const [from, to] = range ?? [null, null];
  if (!from && !to) return null;
  const unit = monthly ? 'month' : 'day';
  return [from ? from.startOf(unit).format(WIRE) : null, to ? to.endOf(unit).format(WIRE) : null];
}

/** A report filter's period: days, or months when monthly. */
export function PeriodPicker(p: { range: Range; onChange: (range: Range) => void; monthly?: boolean }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      data-testid="filter-dateRange"
      picker={p.monthly ? 'month' : 'date'}
      placeholder={[t('listPage.startDate'), t('listPage.endDate')]}
      style={{ maxWidth: '100%' }}
      value={p.range}
      onChange={(v) => p.onChange(v)}
    />
  );
}

/** A report filter bar's two buttons: apply the filter (primary) and reset it to the report's default. */
export function ApplyAndReset(p: {
  applyId: string;
  applyLabel: string;
  onApply: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="primary" icon={<SearchOutlined />} data-testid={p.applyId} onClick={p.onApply}>
        {p.applyLabel}
      </Button>
      <Button icon={<ReloadOutlined />} data-testid="filter-reset" onClick={p.onReset}>
        {t('listPage.reset')}
      </Button>
    </>
  );
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());

/** The report's filter row (§16.9): Customer Id, Meter Id, Date Range; Search and Reset. */
export function ConsumptionFilters({
  monthly,
  onSearch,
}: {
  monthly: boolean;
  onSearch: (filter: ConsumptionFilter) => void;
}) {
  const { t } = useTranslation();
  const [ids, setIds] = useState({ customerId: '', meterId: '' });
  const [range, setRange] = useState<Range>(null);
  const search = () =>
    onSearch({
      customerId: text(ids.customerId),
      meterId: text(ids.meterId),
      dateRange: toWire(range, monthly),
    });
  return (
    <Space wrap className="consumption-filters">
      {(['customerId', 'meterId'] as const).map((key) => (
        <Input
          key={key}
          data-testid={`filter-${key}`}
          allowClear
          placeholder={t(`report.${key}`)}
          style={{ width: 160 }}
          value={ids[key]}
          onChange={(e) => setIds((v) => ({ ...v, [key]: e.target.value }))}
          onPressEnter={search}
        />
      ))}
      <PeriodPicker range={range} onChange={setRange} monthly={monthly} />
      <ApplyAndReset
        applyId="filter-search"
        applyLabel={t('listPage.search')}
        onApply={search}
        onReset={() => {
          setIds({ customerId: '', meterId: '' });
          setRange(null);
          onSearch(NO_FILTER);
        }}
      />
    </Space>
  );
}

import { CHANNEL_API, CHANNEL_PATHS, type ReconciliationRow } from '@prepay/contracts';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { prefetchList } from '../../components/list-page/list-query';
import { currentLanguage } from '../../lib/i18n';
import { fileModuleOf } from './channel-words';
import './locales';

const LIST = { resource: 'channel-reconciliation', read: CHANNEL_API.reconciliation } as const;
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = prefetchList(LIST);

const amount = (
  key: keyof ReconciliationRow,
  title: string,
  more: Partial<ListColumn<ReconciliationRow>> = {},
) => ({
  key,
  title,
  sort: true,
  width: 120,
  render: (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : ''),
  ...more,
});

function reconciliationColumns(t: TFunction): ListColumn<ReconciliationRow>[] {
  const w = (k: string) => t(`channel.reconciliation.${k}`);
  return [
    { key: 'day', title: w('day'), sort: true, width: 110 },
    textColumn('vendorId', w('vendorId'), 120),
    { key: 'salesCount', title: w('salesCount'), sort: true, width: 80 },
    amount('salesAmount', w('salesAmount')),
    { key: 'reversalCount', title: w('reversalCount'), sort: true, width: 90 },
    amount('reversalAmount', w('reversalAmount')),
    amount('commission', w('commission'), { width: 110 }),
    amount('netDue', w('netDue')),
    amount('closingBalance', w('closingBalance'), { width: 130 }),
    { key: 'vendorName', title: w('vendorName'), sort: true, width: 150, optional: true },
    amount('openingBalance', w('openingBalance'), { width: 130, optional: true }),
    amount('topUps', w('topUps'), { optional: true }),
    amount('adjustments', w('adjustments'), { optional: true }),
    amount('netSales', w('netSales'), { optional: true }),
  ];
}

type Days = [Dayjs | null, Dayjs | null] | null;
const dayOf = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/**
 * The daily reconciliation per vendor: the day's sales, reversals, commission and what the vendor owes,
 * every figure from its float ledger (opening + top-ups + adjustments − net sales = closing).
 */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<Days>(null);
  return (
    <ListPage<ReconciliationRow>
      {...LIST}
      rowKey={(r) => `${r.vendorId}/${r.day}`}
      columns={reconciliationColumns(t)}
      extraBody={{ dayFrom: dayOf(days?.[0]), dayTo: dayOf(days?.[1]), lang: currentLanguage() }}
      exportModule={fileModuleOf(CHANNEL_PATHS.reconciliationExport)}
      exportFileName="reconciliation"
      printTitle={t('route.reconciliation')}
      toolbarExtra={
        <DatePicker.RangePicker
          data-testid="filter-days"
          aria-label={t('channel.reconciliation.days')}
          placeholder={[t('listPage.startDate'), t('listPage.endDate')]}
          style={{ maxWidth: '100%' }}
          value={days}
          onChange={(v) => setDays(v)}
        />
      }
    />
  );
}

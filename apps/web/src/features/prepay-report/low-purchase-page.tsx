import type { LowPurchaseRow } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { NumberFilters } from './number-filters';
import './locales';

/** Low Purchase Situation: accounts whose purchases in the date range total at or below the low limit. */
export default function LowPurchasePage() {
  const { t } = useTranslation();
  const [extra, setExtra] = useState<Record<string, unknown>>({ lang: 'en' });
  return (
    <ListPage<LowPurchaseRow>
      resource="report-low-purchase"
      readPath="/API/PrepayReport/LowPurchaseSituation"
      rowKey={(r) => r.meterId}
      defaultSort={{ field: 'customerId', direction: 'asc' }}
      extraBody={extra}
      exportModule="PrepayReport/LowPurchaseSituation"
      exportFileName="low-purchase-situation"
      toolbarExtra={
        <NumberFilters
          fields={[{ key: 'lowLimit', label: t('report.lowLimit'), step: 0.01 }]}
          onApply={(v) => setExtra({ lang: 'en', ...v })}
        />
      }
      columns={[
        {
          key: 'customerId',
          title: t('report.customerId'),
          filter: { kind: 'text' },
          sort: true,
          fixed: 'left',
          width: 140,
        },
        { key: 'customerName', title: t('report.customerName'), sort: true, width: 160 },
        { key: 'meterId', title: t('report.meterId'), filter: { kind: 'text' }, sort: true, width: 140 },
        { key: 'tariffId', title: t('report.tariffId'), sort: true, width: 120 },
        // The date-range header filter goes out as `dateRange`, the report's purchase window.
        {
          key: 'purchaseTimes',
          title: t('report.purchaseTimes'),
          filter: { kind: 'dateRange', field: 'date' },
          width: 150,
        },
        { key: 'purchaseTotalUnit', title: t('report.purchaseTotalUnit'), sort: true, width: 130 },
        { key: 'purchaseTotalPaid', title: t('report.purchaseTotalPaid'), sort: true, width: 130 },
        { key: 'customerAddress', title: t('report.customerAddress'), ellipsis: true, width: 200 },
      ]}
      testId="report-low-purchase"
    />
  );
}

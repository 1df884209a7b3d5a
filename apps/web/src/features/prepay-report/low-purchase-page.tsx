import { type LowPurchaseRow, PREPAY_REPORT_PATHS } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { NumberFilters } from './number-filters';
import { accountColumns, addressColumn } from './report-columns';
import './locales';

/** Low Purchase Situation: accounts whose purchases in the date range total at or below the low limit. */
export default function LowPurchasePage() {
  const { t } = useTranslation();
  const [extra, setExtra] = useState<Record<string, unknown>>({ lang: 'en' });
  return (
    <ListPage<LowPurchaseRow>
      resource="report-low-purchase"
      readPath={PREPAY_REPORT_PATHS.lowPurchase}
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
        ...accountColumns(t),
        // The date-range header filter goes out as `dateRange`, the report's purchase window.
        {
          key: 'purchaseTimes',
          title: t('report.purchaseTimes'),
          filter: { kind: 'dateRange', field: 'date' },
          width: 150,
        },
        { key: 'purchaseTotalUnit', title: t('report.purchaseTotalUnit'), sort: true, width: 130 },
        { key: 'purchaseTotalPaid', title: t('report.purchaseTotalPaid'), sort: true, width: 130 },
        addressColumn(t),
      ]}
      testId="report-low-purchase"
    />
  );
}

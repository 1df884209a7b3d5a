import { type LowPurchaseRow, PREPAY_REPORT_API } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useNumberFilters } from './number-filters';
import { accountColumns, addressColumn, reportGrid } from './report-columns';
import './locales';

/** Low Purchase Situation: accounts whose purchases in the date range total at or below the low limit. */
export default function LowPurchasePage() {
  const { t } = useTranslation();
  const filters = useNumberFilters([{ key: 'lowLimit', label: t('report.lowLimit'), step: 0.01 }]);
  return (
    <ListPage<LowPurchaseRow>
      {...reportGrid('low-purchase', PREPAY_REPORT_API.lowPurchase, 'PrepayReport/LowPurchaseSituation')}
      {...filters}
      rowKey={(r) => r.meterId}
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
    />
  );
}

import { type LongNonpurchaseRow, PREPAY_REPORT_API } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { useNumberFilters } from './number-filters';
import { accountColumns, addressColumn, reportGrid } from './report-columns';
import { ScopedReport } from './report-scope';
import './locales';

const GRID = reportGrid(
  'long-nonpurchase',
  PREPAY_REPORT_API.longNonpurchase,
  'PrepayReport/LongNonpurchaseSituation',
);

/** Long Nonpurchase Situation: days since each account's last purchase, with day bounds, and its scope. */
export default function LongNonpurchasePage() {
  const { t } = useTranslation();
  const filters = useNumberFilters([
    { key: 'nonpurchaseDaysStart', label: t('report.nonpurchaseDaysStart') },
    { key: 'nonpurchaseDaysEnd', label: t('report.nonpurchaseDaysEnd') },
  ]);
  return (
    <ScopedReport<LongNonpurchaseRow>
      kind="longNonpurchase"
      {...GRID}
      rowKey={(r) => r.meterId}
      extraBody={filters.extraBody}
      toolbarExtra={filters.toolbarExtra}
      columns={[
        ...accountColumns(t),
        {
          key: 'lastPurchaseUnit',
          title: t('report.lastPurchaseUnit'),
          sort: true,
          width: 140,
          optional: true,
        },
        { key: 'lastPurchasePaid', title: t('report.lastPurchasePaid'), sort: true, width: 140 },
        { key: 'lastPurchaseDate', title: t('report.lastPurchaseDate'), sort: true, width: 170 },
        { key: 'nonpurchaseDays', title: t('report.nonpurchaseDays'), sort: true, width: 140 },
        { ...addressColumn(t), optional: true },
      ]}
    />
  );
}

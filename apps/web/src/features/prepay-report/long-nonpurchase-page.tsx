import { type LongNonpurchaseRow, PREPAY_REPORT_API, type ReportScope } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useNumberFilters } from './number-filters';
import { accountColumns, addressColumn, reportGrid } from './report-columns';
import { ReportScopeLine, useListAnswer } from './report-scope';
import './locales';

const GRID = reportGrid(
  'long-nonpurchase',
  PREPAY_REPORT_API.longNonpurchase,
  'PrepayReport/LongNonpurchaseSituation',
);

/** Long Nonpurchase Situation: days since each account's last purchase, with day bounds, and its scope. */
export default function LongNonpurchasePage() {
  const { t } = useTranslation();
  const answer = useListAnswer<{ scope?: ReportScope }>(GRID.resource);
  const filters = useNumberFilters([
    { key: 'nonpurchaseDaysStart', label: t('report.nonpurchaseDaysStart') },
    { key: 'nonpurchaseDaysEnd', label: t('report.nonpurchaseDaysEnd') },
  ]);
  return (
    <>
      <ReportScopeLine kind="longNonpurchase" scope={answer?.scope} />
      <ListPage<LongNonpurchaseRow>
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
    </>
  );
}

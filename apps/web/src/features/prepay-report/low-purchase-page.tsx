import { LOW_PURCHASE_DEFAULTS, type LowPurchaseRow, PREPAY_REPORT_API } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRange, LowPurchaseFilters, lowPurchaseBody } from './low-purchase-filters';
import { accountColumns, addressColumn, reportGrid } from './report-columns';
import { ScopedReport } from './report-scope';
import './locales';

const GRID = reportGrid('low-purchase', PREPAY_REPORT_API.lowPurchase, 'PrepayReport/LowPurchaseSituation');

/**
 * Low Purchase Situation: accounts whose purchases in a period total at or below a limit. It opens on the
 * last 30 days and 1,000.00, states the period, the limit and how many accounts of how many it lists,
 * and takes both in its one filter bar.
 */
export default function LowPurchasePage() {
  const { t } = useTranslation();
  const [body, setBody] = useState(() => lowPurchaseBody(defaultRange(), LOW_PURCHASE_DEFAULTS.lowLimit));
  return (
    <ScopedReport<LowPurchaseRow>
      kind="lowPurchase"
      {...GRID}
      rowKey={(r) => r.meterId}
      extraBody={body}
      toolbarExtra={<LowPurchaseFilters onApply={setBody} />}
      columns={[
        ...accountColumns(t),
        { key: 'purchaseTimes', title: t('report.purchaseTimes'), width: 150 },
        { key: 'purchaseTotalUnit', title: t('report.purchaseTotalUnit'), sort: true, width: 130 },
        { key: 'purchaseTotalPaid', title: t('report.purchaseTotalPaid'), sort: true, width: 130 },
        addressColumn(t),
      ]}
    />
  );
}

import { type LongNonpurchaseRow, PREPAY_REPORT_PATHS } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { NumberFilters } from './number-filters';
import { accountColumns, addressColumn } from './report-columns';
import './locales';

/** Long Nonpurchase Situation: days since each account's last purchase, with day bounds. */
export default function LongNonpurchasePage() {
  const { t } = useTranslation();
  const [extra, setExtra] = useState<Record<string, unknown>>({ lang: 'en' });
  return (
    <ListPage<LongNonpurchaseRow>
      resource="report-long-nonpurchase"
      readPath={PREPAY_REPORT_PATHS.longNonpurchase}
      rowKey={(r) => r.meterId}
      defaultSort={{ field: 'customerId', direction: 'asc' }}
      extraBody={extra}
      exportModule="PrepayReport/LongNonpurchaseSituation"
      exportFileName="long-nonpurchase-situation"
      toolbarExtra={
        <NumberFilters
          fields={[
            { key: 'nonpurchaseDaysStart', label: t('report.nonpurchaseDaysStart') },
            { key: 'nonpurchaseDaysEnd', label: t('report.nonpurchaseDaysEnd') },
          ]}
          onApply={(v) => setExtra({ lang: 'en', ...v })}
        />
      }
      columns={[
        ...accountColumns(t),
        { key: 'lastPurchaseUnit', title: t('report.lastPurchaseUnit'), sort: true, width: 140 },
        { key: 'lastPurchasePaid', title: t('report.lastPurchasePaid'), sort: true, width: 140 },
        { key: 'lastPurchaseDate', title: t('report.lastPurchaseDate'), sort: true, width: 170 },
        { key: 'nonpurchaseDays', title: t('report.nonpurchaseDays'), sort: true, width: 140 },
        addressColumn(t),
      ]}
      testId="report-long-nonpurchase"
    />
  );
}

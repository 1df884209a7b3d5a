import type { LongNonpurchaseRow } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { NumberFilters } from './number-filters';
import './locales';

/** Long Nonpurchase Situation: days since each account's last purchase, with day bounds. */
export default function LongNonpurchasePage() {
  const { t } = useTranslation();
  const [extra, setExtra] = useState<Record<string, unknown>>({ lang: 'en' });
  return (
    <ListPage<LongNonpurchaseRow>
      resource="report-long-nonpurchase"
      readPath="/API/PrepayReport/LongNonpurchaseSituation"
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
        { key: 'lastPurchaseUnit', title: t('report.lastPurchaseUnit'), sort: true, width: 140 },
        { key: 'lastPurchasePaid', title: t('report.lastPurchasePaid'), sort: true, width: 140 },
        { key: 'lastPurchaseDate', title: t('report.lastPurchaseDate'), sort: true, width: 170 },
        { key: 'nonpurchaseDays', title: t('report.nonpurchaseDays'), sort: true, width: 140 },
        { key: 'customerAddress', title: t('report.customerAddress'), ellipsis: true, width: 200 },
      ]}
      testId="report-long-nonpurchase"
    />
  );
}

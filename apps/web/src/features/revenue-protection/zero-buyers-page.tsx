import { REVENUE_PROTECTION_API, type ZeroBuyerRow } from '@prepay/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionColumn, textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import { useAsOf, useNumber } from './finding-filters';
import './locales';

const STATE_COLOR = { consuming: 'error', communicating: 'default', silent: 'warning' } as const;

/** Zero Buyers: accounts without a purchase for N days, split by what their meter did meanwhile. */
export default function ZeroBuyersPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`revprot.finding.${k}`);
  const asOf = useAsOf(f('asOf'));
  const minDays = useNumber('minDays', f('minDays'), 30, { min: 1, max: 400 });
  const states = (['consuming', 'communicating', 'silent'] as const).map((s) => ({ value: s, label: f(s) }));
  return (
    <ListPage<ZeroBuyerRow>
      resource="revprot-zero-buyers"
      read={REVENUE_PROTECTION_API.zeroBuyers}
      exportModule="revenueProtection/zeroBuyers"
      exportFileName="zero-buyers"
      rowKey={(r) => r.meterId}
      extraBody={{ lang: 'en', asOf: asOf.asOf, minDays: minDays.value ?? 30 }}
      toolbarExtra={
        <Space wrap>
          {minDays.input}
          {asOf.picker}
        </Space>
      }
      columns={[
        textColumn<ZeroBuyerRow>('meterId', f('meterId'), 140, { fixed: 'left' }),
        textColumn<ZeroBuyerRow>('customerId', f('customerId'), 140),
        { key: 'nonpurchaseDays', title: f('nonpurchaseDays'), sort: true, width: 150 },
        { key: 'lastPurchaseDate', title: f('lastPurchaseDate'), sort: true, width: 170 },
        {
          ...optionColumn<ZeroBuyerRow>('state', f('state'), states, 150),
          render: (v) => <Tag color={STATE_COLOR[v as ZeroBuyerRow['state']]}>{f(String(v))}</Tag>,
        },
        { key: 'energy', title: f('energy'), sort: true, width: 130 },
        { key: 'readDays', title: f('readDays'), sort: true, width: 110 },
        { key: 'lastReadingDate', title: f('lastReadingDate'), sort: true, width: 130, optional: true },
        textColumn<ZeroBuyerRow>('transformerId', t('revprot.transformer.id'), 150, { optional: true }),
        { key: 'stationId', title: f('stationId'), sort: true, width: 120, optional: true },
      ]}
    />
  );
}

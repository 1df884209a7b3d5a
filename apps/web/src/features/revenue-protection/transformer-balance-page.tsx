import { REVENUE_PROTECTION_API, type TransformerBalanceRow } from '@prepay/contracts';
import { DatePicker, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import './locales';

const DAY = 'YYYY-MM-DD';

/** Transformer Balance: per transformer and day, its check meter against its customers' meters. */
export default function TransformerBalancePage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(30, 'day'),
    dayjs().subtract(1, 'day'),
  ]);
  const gap = (missing: boolean, count = 0) =>
    missing || count > 0 ? <Tag color="warning">{t('revprot.balance.incomplete')}</Tag> : null;
  return (
    <ListPage<TransformerBalanceRow>
      resource="revprot-transformer-balance"
      read={REVENUE_PROTECTION_API.transformerBalance}
      exportModule="revenueProtection/transformerBalance"
      exportFileName="transformer-balance"
      rowKey={(r) => `${r.transformerId}/${r.readingDate}`}
      extraBody={{ lang: 'en', days: [range[0].format(DAY), range[1].format(DAY)] }}
      toolbarExtra={
        <DatePicker.RangePicker
          data-testid="revprot-days"
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          style={{ maxWidth: '100%' }}
        />
      }
      columns={[
        textColumn<TransformerBalanceRow>('transformerId', t('revprot.transformer.id'), 150, {
          fixed: 'left',
        }),
        { key: 'readingDate', title: t('revprot.balance.day'), sort: true, width: 120 },
        textColumn<TransformerBalanceRow>('feederId', t('revprot.transformer.feederId'), 130, {
          optional: true,
        }),
        { key: 'checkEnergy', title: t('revprot.balance.checkEnergy'), sort: true, width: 150 },
        { key: 'customerEnergy', title: t('revprot.balance.customerEnergy'), sort: true, width: 160 },
        { key: 'lossEnergy', title: t('revprot.balance.lossEnergy'), sort: true, width: 120 },
        {
          key: 'lossPercent',
          title: t('revprot.balance.lossPercent'),
          sort: true,
          width: 150,
          render: (v, row) => (v === null ? gap(row.checkMissing, row.missingMeters) : `${v}%`),
        },
        { key: 'customerMeters', title: t('revprot.balance.customerMeters'), width: 120, optional: true },
        { key: 'missingMeters', title: t('revprot.balance.missingMeters'), sort: true, width: 140 },
      ]}
    />
  );
}

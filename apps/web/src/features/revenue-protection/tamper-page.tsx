import { REVENUE_PROTECTION_API, type TamperFlag, type TamperRow } from '@prepay/contracts';
import { Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import { useDayRange, useNumber } from './finding-filters';
import './locales';

const FLAGS: TamperFlag[] = [
  'coverOpen',
  'terminalCoverOpen',
  'magneticInterference',
  'currentReverse',
  'currentUnbalance',
];
const daysOf = (row: TamperRow, flag: TamperFlag) => row[`${flag}Days`];

/** Tamper: meters whose daily readings flagged tampering, and their consumption before and after. */
export default function TamperPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`revprot.finding.${k}`);
  const days = useDayRange(30);
  const drop = useNumber('minDropPercent', f('minDropPercent'), null, { min: -1000, max: 100 });
  const [flag, setFlag] = useState<TamperFlag | null>(null);
  const flagPicker = (
    <Select<TamperFlag | ''>
      data-testid="filter-flag"
      value={flag ?? ''}
      onChange={(v) => setFlag(v || null)}
      options={[{ value: '', label: f('anyFlag') }, ...FLAGS.map((k) => ({ value: k, label: f(k) }))]}
      style={{ width: 210 }}
    />
  );
  return (
    <ListPage<TamperRow>
      resource="revprot-tamper"
      read={REVENUE_PROTECTION_API.tamper}
      exportModule="revenueProtection/tamper"
      exportFileName="tamper"
      rowKey={(r) => r.meterId}
      extraBody={{ lang: 'en', days: days.range, flag, minDropPercent: drop.value }}
      toolbarExtra={
        <Space wrap>
          {days.picker}
          {flagPicker}
          {drop.input}
        </Space>
      }
      columns={[
        textColumn<TamperRow>('meterId', f('meterId'), 130, { fixed: 'left' }),
        {
          key: 'eventDays',
          title: f('flags'),
          sort: true,
          width: 230,
          render: (_v, row) => (
            <Space size={[0, 4]} wrap>
              {FLAGS.filter((k) => daysOf(row, k) > 0).map((k) => (
                <Tag key={k} color="error">
                  {f(k)} ×{daysOf(row, k)}
                </Tag>
              ))}
            </Space>
          ),
        },
        { key: 'lastEventDate', title: f('lastEventDate'), sort: true, width: 120 },
        { key: 'dropPercent', title: f('dropPercent'), sort: true, width: 100 },
        { key: 'beforeDaily', title: f('beforeDaily'), sort: true, width: 140 },
        { key: 'afterDaily', title: f('afterDaily'), sort: true, width: 140 },
        textColumn<TamperRow>('customerId', f('customerId'), 130),
        { key: 'firstEventDate', title: f('firstEventDate'), sort: true, width: 120, optional: true },
        ...FLAGS.map((k) => ({ key: `${k}Days`, title: f(k), sort: true, width: 130, optional: true })),
        textColumn<TamperRow>('transformerId', t('revprot.transformer.id'), 150, { optional: true }),
        { key: 'stationId', title: f('stationId'), sort: true, width: 120, optional: true },
      ]}
    />
  );
}

import { REVENUE_PROTECTION_API, TamperFlag, type TamperRow } from '@prepay/contracts';
import { Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useDayRange, useNumber } from './finding-filters';
import { FindingPage, useFindingColumns } from './finding-page';
import './locales';

/** The flags in the contract's order: the filter's options and the grid's day columns. */
const FLAGS = TamperFlag.options;
const daysOf = (row: TamperRow, flag: TamperFlag) => row[`${flag}Days`];

/** Tamper: meters whose daily readings flagged tampering, and their consumption before and after. */
export default function TamperPage() {
  const c = useFindingColumns<TamperRow>();
  const { f } = c;
  const days = useDayRange(30);
  const drop = useNumber('minDropPercent', f('minDropPercent'), null, { min: -1000, max: 100 });
  const [flag, setFlag] = useState<TamperFlag | null>(null);
  const flagPicker = (
    <Select<TamperFlag | ''>
      key="flag"
      data-testid="filter-flag"
      value={flag ?? ''}
      onChange={(v) => setFlag(v || null)}
      options={[{ value: '', label: f('anyFlag') }, ...FLAGS.map((k) => ({ value: k, label: f(k) }))]}
      style={{ width: 210 }}
    />
  );
  return (
    <FindingPage<TamperRow>
      finding="tamper"
      resource="revprot-tamper"
      read={REVENUE_PROTECTION_API.tamper}
      exportFileName="tamper"
      body={{ days: days.range, flag, minDropPercent: drop.value }}
      filters={[days.picker, flagPicker, drop.input]}
      columns={[
        c.meter(130),
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
        ...c.figures({ lastEventDate: 120, dropPercent: 100, beforeDaily: 140, afterDaily: 140 }),
        c.customer(130),
        ...c.figures({ firstEventDate: 120 }, true),
        ...FLAGS.map((k) => ({ key: `${k}Days`, title: f(k), sort: true, width: 130, optional: true })),
        c.transformer({ optional: true }),
        ...c.station,
      ]}
    />
  );
}

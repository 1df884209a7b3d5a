import { REVENUE_PROTECTION_API, type ZeroBuyerRow } from '@prepay/contracts';
import { Tag } from 'antd';
import { optionColumn } from '../../components/list-page/common-columns';
import { useAsOf, useNumber } from './finding-filters';
import { FindingPage, useFindingColumns } from './finding-page';
import './locales';

const STATE_COLOR = { consuming: 'error', communicating: 'default', silent: 'warning' } as const;

/** Zero Buyers: accounts without a purchase for N days, split by what their meter did meanwhile. */
export default function ZeroBuyersPage() {
  const c = useFindingColumns<ZeroBuyerRow>();
  const { f } = c;
  const asOf = useAsOf(f('asOf'));
  const minDays = useNumber('minDays', f('minDays'), 30, { min: 1, max: 400 });
  const states = (['consuming', 'communicating', 'silent'] as const).map((s) => ({ value: s, label: f(s) }));
  return (
    <FindingPage<ZeroBuyerRow>
      finding="zeroBuyers"
      resource="revprot-zero-buyers"
      read={REVENUE_PROTECTION_API.zeroBuyers}
      exportFileName="zero-buyers"
      body={{ asOf: asOf.asOf, minDays: minDays.value ?? 30 }}
      filters={[minDays.input, asOf.picker]}
      columns={[
        c.meter(140),
        c.customer(140),
        ...c.figures({ nonpurchaseDays: 150, lastPurchaseDate: 170 }),
        {
          ...optionColumn<ZeroBuyerRow>('state', f('state'), states, 150),
          render: (v) => <Tag color={STATE_COLOR[v as ZeroBuyerRow['state']]}>{f(String(v))}</Tag>,
        },
        ...c.figures({ energy: 130, readDays: 110 }),
        ...c.figures({ lastReadingDate: 130 }, true),
        c.transformer({ optional: true }),
        ...c.station,
      ]}
    />
  );
}

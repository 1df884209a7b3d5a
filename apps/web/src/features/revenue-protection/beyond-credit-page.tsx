import { type BeyondCreditRow, REVENUE_PROTECTION_API } from '@prepay/contracts';
import { useAsOf, useNumber } from './finding-filters';
import { FindingPage, useFindingColumns } from './finding-page';
import './locales';

/** Consumption Beyond Credit: energy registered since the last purchase over what it and the credit allow. */
export default function BeyondCreditPage() {
  const c = useFindingColumns<BeyondCreditRow>();
  const asOf = useAsOf(c.f('asOf'));
  const emergency = useNumber('emergencyCredit', c.f('emergencyCredit'), null, {
    min: 0,
    max: 100_000,
    step: 0.1,
  });
  return (
    <FindingPage<BeyondCreditRow>
      finding="consumptionBeyondCredit"
      resource="revprot-beyond-credit"
      read={REVENUE_PROTECTION_API.consumptionBeyondCredit}
      exportFileName="consumption-beyond-credit"
      body={{ asOf: asOf.asOf, emergencyCredit: emergency.value }}
      filters={[emergency.input, asOf.picker]}
      columns={[
        c.meter(130),
        c.customer(130),
        ...c.figures({
          excessEnergy: 120,
          energySince: 150,
          lastPurchaseDate: 170,
          purchaseEnergy: 150,
          creditBefore: 150,
          missingDays: 110,
        }),
        ...c.figures({ readDays: 110 }, true),
        { key: 'emergencyCredit', title: c.f('emergencyCredit'), width: 150, optional: true },
        c.transformer({ optional: true }),
        ...c.station,
      ]}
    />
  );
}

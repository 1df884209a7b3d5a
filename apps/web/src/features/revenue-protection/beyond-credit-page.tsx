import { type BeyondCreditRow, REVENUE_PROTECTION_API } from '@prepay/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import { useAsOf, useNumber } from './finding-filters';
import './locales';

/** Consumption Beyond Credit: energy registered since the last purchase over what it and the credit allow. */
export default function BeyondCreditPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`revprot.finding.${k}`);
  const asOf = useAsOf(f('asOf'));
  const emergency = useNumber('emergencyCredit', f('emergencyCredit'), null, {
    min: 0,
    max: 100_000,
    step: 0.1,
  });
  return (
    <ListPage<BeyondCreditRow>
      resource="revprot-beyond-credit"
      read={REVENUE_PROTECTION_API.consumptionBeyondCredit}
      exportModule="revenueProtection/consumptionBeyondCredit"
      exportFileName="consumption-beyond-credit"
      rowKey={(r) => r.meterId}
      extraBody={{ lang: 'en', asOf: asOf.asOf, emergencyCredit: emergency.value }}
      toolbarExtra={
        <Space wrap>
          {emergency.input}
          {asOf.picker}
        </Space>
      }
      columns={[
        textColumn<BeyondCreditRow>('meterId', f('meterId'), 130, { fixed: 'left' }),
        textColumn<BeyondCreditRow>('customerId', f('customerId'), 130),
        { key: 'excessEnergy', title: f('excessEnergy'), sort: true, width: 120 },
        { key: 'energySince', title: f('energySince'), sort: true, width: 150 },
        { key: 'lastPurchaseDate', title: f('lastPurchaseDate'), sort: true, width: 170 },
        { key: 'purchaseEnergy', title: f('purchaseEnergy'), sort: true, width: 150 },
        { key: 'creditBefore', title: f('creditBefore'), sort: true, width: 150 },
        { key: 'missingDays', title: f('missingDays'), sort: true, width: 110 },
        { key: 'readDays', title: f('readDays'), sort: true, width: 110, optional: true },
        { key: 'emergencyCredit', title: f('emergencyCredit'), width: 150, optional: true },
        textColumn<BeyondCreditRow>('transformerId', t('revprot.transformer.id'), 150, { optional: true }),
        { key: 'stationId', title: f('stationId'), sort: true, width: 120, optional: true },
      ]}
    />
  );
}

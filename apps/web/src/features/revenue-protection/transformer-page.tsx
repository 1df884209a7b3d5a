import { EnvironmentOutlined } from '@ant-design/icons';
import { TRANSFORMER_API, type TransformerRow } from '@prepay/contracts';
import { Button } from 'antd';
import { stationRowColumns, textColumn } from '../../components/list-page/common-columns';
import { crudPage, namedRowFields, remarkAndStation } from '../../components/list-page/crud-page';
import { networkId, networkTable } from './network-names';
import { mapStore, TransformerMapDialog } from './transformer-map-dialog';

const transformerFields = namedRowFields(
  { titles: 'revprot.transformer', id: 'transformerId', name: 'transformerName', idMore: networkId },
  (t) => [
    { name: 'feederId', label: t('revprot.transformer.feederId'), kind: 'text', maxLength: 64 },
    {
      name: 'checkMeterId',
      label: t('revprot.transformer.checkMeterId'),
      kind: 'text',
      maxLength: 64,
      extra: t('revprot.transformer.checkMeterHint'),
    },
    { name: 'capacityKva', label: t('revprot.transformer.capacityKva'), kind: 'number' },
  ],
);

const transformerColumns = stationRowColumns<TransformerRow>((t) => [
  textColumn('transformerId', t('revprot.transformer.id'), 160),
  textColumn('transformerName', t('revprot.transformer.name'), 180),
  textColumn('feederId', t('revprot.transformer.feederId'), 140),
  textColumn('checkMeterId', t('revprot.transformer.checkMeterId'), 160),
  { key: 'capacityKva', title: t('revprot.transformer.capacityKva'), sort: true, width: 130 },
  {
    key: 'meterCount',
    title: t('revprot.transformer.meterCount'),
    width: 110,
    render: (v, row) => (
      <Button
        size="small"
        icon={<EnvironmentOutlined />}
        title={t('revprot.map.open')}
        aria-label={`${t('revprot.map.open')} ${row.transformerId}`}
        data-testid={`transformer-map-${row.transformerId}`}
        onClick={() => mapStore.set({ transformerId: row.transformerId })}
      >
        {String(v)}
      </Button>
    ),
  },
]);

interface TransformerForm {
  transformerId: string;
  transformerName?: string;
  feederId?: string;
  checkMeterId?: string;
  capacityKva?: number | null;
  remark?: string;
  stationId?: string;
}

const page = crudPage<typeof TRANSFORMER_API, TransformerForm>({
  ...networkTable('transformer', TRANSFORMER_API, 'transformerId'),
  columns: transformerColumns,
  fields: transformerFields,
  dialogWidth: 600,
  toBody: (v, row) => ({
    transformerId: v.transformerId.trim(),
    transformerName: v.transformerName || null,
    feederId: v.feederId?.trim() || null,
    checkMeterId: v.checkMeterId?.trim() || null,
    capacityKva: v.capacityKva ?? null,
    ...remarkAndStation(v, row),
  }),
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;

/** The grid, and the map of the transformer whose meter count was clicked. */
export default function TransformerPage() {
  return (
    <>
      <page.Page />
      <TransformerMapDialog />
    </>
  );
}

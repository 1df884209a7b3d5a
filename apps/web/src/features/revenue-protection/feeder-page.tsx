import { FEEDER_API, type FeederRow } from '@prepay/contracts';
import { stationRowColumns, textColumn } from '../../components/list-page/common-columns';
import { crudPage, namedRowFields, remarkAndStation } from '../../components/list-page/crud-page';
import { networkId, networkTable } from './network-names';

interface FeederForm {
  feederId: string;
  feederName?: string;
  remark?: string;
  stationId?: string;
}

const page = crudPage<typeof FEEDER_API, FeederForm>({
  ...networkTable('feeder', FEEDER_API, 'feederId'),
  columns: stationRowColumns<FeederRow>((t) => [
    textColumn('feederId', t('revprot.feeder.id'), 160),
    textColumn('feederName', t('revprot.feeder.name'), 200),
    { key: 'transformerCount', title: t('revprot.feeder.transformerCount'), width: 130 },
  ]),
  fields: namedRowFields({ titles: 'revprot.feeder', id: 'feederId', name: 'feederName', idMore: networkId }),
  dialogWidth: 560,
  toBody: (v, row) => ({
    feederId: v.feederId.trim(),
    feederName: v.feederName || null,
    ...remarkAndStation(v, row),
  }),
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;

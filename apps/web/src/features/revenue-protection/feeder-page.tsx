import { FEEDER_API, type FeederRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import {
  crudPage,
  remarkField,
  type StationOptions,
  stationField,
} from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { NETWORK_ID, networkNames, remarkAndStation } from './network-names';

function feederFields(t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef[] {
  return [
    {
      name: 'feederId',
      label: t('revprot.feeder.id'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      rules: [{ pattern: NETWORK_ID, message: t('revprot.transformer.idInvalid') }],
    },
    { name: 'feederName', label: t('revprot.feeder.name'), kind: 'text', maxLength: 128 },
    stationField(t, isAdmin, stations),
    remarkField(t),
  ];
}

function feederColumns(t: TFunction, isAdmin: boolean, stations: StationOptions): ListColumn<FeederRow>[] {
  return [
    textColumn('feederId', t('revprot.feeder.id'), 160),
    textColumn('feederName', t('revprot.feeder.name'), 200),
    { key: 'transformerCount', title: t('revprot.feeder.transformerCount'), width: 130 },
    ...auditColumns<FeederRow>(t),
    ...stationColumn<FeederRow>(t, isAdmin, stations),
  ];
}

interface FeederForm {
  feederId: string;
  feederName?: string;
  remark?: string;
  stationId?: string;
}

const page = crudPage<typeof FEEDER_API, FeederForm>({
  ...networkNames('feeder'),
  api: FEEDER_API,
  id: 'feederId',
  columns: feederColumns,
  fields: feederFields,
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

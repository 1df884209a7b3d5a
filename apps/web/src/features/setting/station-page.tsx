import { STATION_API, type StationRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, textColumn } from '../../components/list-page/common-columns';
import { crudPage, keyField, remarkField } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import './locales';

type StationForm = { stationId: string; name: string; remark?: string };

const stationFields = (t: TFunction): FieldDef[] => [
  keyField('stationId', t('setting.station.id')),
  { name: 'name', label: t('setting.station.name'), kind: 'text', required: true, maxLength: 128 },
  remarkField(t),
];

const stationColumns = (t: TFunction): ListColumn<StationRow>[] => [
  { key: 'stationId', title: t('setting.station.id'), sort: true, width: 140 },
  textColumn('name', t('setting.station.name'), 200),
  ...auditColumns<StationRow>(t, { update: true }).map((c) =>
    c.key === 'updateDate' ? { ...c, sort: false } : c,
  ),
];

const toBody = (v: StationForm) => ({
  stationId: v.stationId.trim(),
  name: v.name.trim(),
  remark: v.remark || null,
});

const page = crudPage<typeof STATION_API, StationForm>({
  resource: 'station',
  api: STATION_API,
  id: 'stationId',
  titles: 'setting.station',
  columns: stationColumns,
  fields: stationFields,
  dialogWidth: 560,
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;

import { STATION_PATHS, type StationRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { crudResource } from '../../components/crud-resource';
import { auditColumns, textColumn } from '../../components/list-page/common-columns';
import { remarkField, useCrudPage } from '../../components/list-page/crud-page';
import { type FieldDef, FormDialog } from '../../components/list-page/form-dialog';
import { ListPage } from '../../components/list-page/list-page';
import './locales';

const STATIONS = crudResource<StationRow>('station', STATION_PATHS, 'stationId', 'setting.station');
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = STATIONS.prefetch;

export default function StationPage() {
  const { t } = useTranslation();
  const crud = useCrudPage<StationRow>(STATIONS.crud);
  const { dialog } = crud;

  const fields: FieldDef[] = [
    {
      name: 'stationId',
      label: t('setting.station.id'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      maxLength: 64,
    },
    { name: 'name', label: t('setting.station.name'), kind: 'text', required: true, maxLength: 128 },
    remarkField(t),
  ];

  return (
    <>
      <ListPage<StationRow>
        {...STATIONS.list}
        rowKey={STATIONS.rowKey}
        columns={[
          { key: 'stationId', title: t('setting.station.id'), sort: true, width: 140 },
          textColumn('name', t('setting.station.name'), 200),
          ...auditColumns<StationRow>(t, { update: true }).map((c) =>
            c.key === 'updateDate' ? { ...c, sort: false } : c,
          ),
        ]}
        {...crud.listProps}
      />
      <FormDialog
        {...crud.dialogProps}
        fields={fields}
        initialValues={dialog?.row}
        width={560}
        onSubmit={async (v: { stationId: string; name: string; remark?: string }) => {
          await crud.save({ stationId: v.stationId.trim(), name: v.name.trim(), remark: v.remark || null });
        }}
      />
    </>
  );
}

import { STATION_PATHS, type StationRow } from '@prepay/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns } from '../../components/list-page/common-columns';
import { EditAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog, type FormMode } from '../../components/list-page/form-dialog';
import { ListPage, useRefreshList } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import { writeRows } from '../../components/list-page/lookups';
import './locales';

const RESOURCE = 'station';
const LIST: ListSpec = { resource: RESOURCE, readPath: STATION_PATHS.read };
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchList(LIST);

export default function StationPage() {
  const { t } = useTranslation();
  const refresh = useRefreshList(RESOURCE);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: StationRow } | null>(null);

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
    { name: 'remark', label: t('listPage.remark'), kind: 'textarea', wide: true, maxLength: 500 },
  ];

  return (
    <>
      <ListPage<StationRow>
        {...LIST}
        rowKey={(r) => r.stationId}
        columns={[
          { key: 'stationId', title: t('setting.station.id'), sort: true, width: 140 },
          { key: 'name', title: t('setting.station.name'), filter: { kind: 'text' }, sort: true, width: 200 },
          ...auditColumns<StationRow>(t, { update: true }).map((c) =>
            c.key === 'updateDate' ? { ...c, sort: false } : c,
          ),
        ]}
        onAdd={() => setDialog({ mode: 'create' })}
        onDelete={(rows) =>
          writeRows(
            STATION_PATHS.delete,
            rows.map((r) => ({ stationId: r.stationId })),
          )
        }
        actions={(row) => <EditAction onClick={() => setDialog({ mode: 'edit', row })} />}
      />
      <FormDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        title={dialog?.mode === 'edit' ? t('setting.station.edit') : t('setting.station.add')}
        fields={fields}
        initialValues={dialog?.row}
        width={560}
        onClose={() => setDialog(null)}
        onSubmit={async (v: { stationId: string; name: string; remark?: string }) => {
          await writeRows(dialog?.mode === 'edit' ? STATION_PATHS.update : STATION_PATHS.create, [
            { stationId: v.stationId.trim(), name: v.name.trim(), remark: v.remark || null },
          ]);
          await refresh();
        }}
      />
    </>
  );
}

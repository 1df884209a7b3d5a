import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditAction } from '../../components/list-page/edit-action';
import type { FieldDef, FormMode } from '../../components/list-page/form-dialog';
import { useRefreshList } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';

/**
 * What every master-data page of this feature shares: the list to refresh, whether the user sees
 * stations, and one form dialog that Add opens empty and a row's Edit opens filled. Spread
 * `listProps` on the ListPage and `dialogProps` on the FormDialog.
 */
export function useCrudPage<Row>(resource: string) {
  const { t } = useTranslation();
  const refresh = useRefreshList(resource);
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row } | null>(null);
  return {
    t,
    refresh,
    isAdmin,
    stations,
    dialog,
    setDialog,
    listProps: {
      onAdd: () => setDialog({ mode: 'create' }),
      actions: (row: Row) => <EditAction onClick={() => setDialog({ mode: 'edit', row })} />,
    },
    dialogProps: {
      open: dialog !== null,
      mode: dialog?.mode ?? ('create' as FormMode),
      onClose: () => setDialog(null),
    },
  };
}

export type StationOptions = { value: string; label: string }[] | undefined;

/** The Station field: system administrators pick one; everyone else writes to their own. */
export const stationField = (t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef => ({
  name: 'stationId',
  label: t('listPage.station'),
  kind: 'select',
  options: stations ?? [],
  hidden: () => !isAdmin,
});

/** The Remark field every master-data form ends with. */
export const remarkField = (t: TFunction): FieldDef => ({
  name: 'remark',
  label: t('listPage.remark'),
  kind: 'textarea',
  wide: true,
  maxLength: 500,
});

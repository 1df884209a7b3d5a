import { Divider } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditAction } from './edit-action';
import { type FieldDef, FormDialog, type FormMode } from './form-dialog';
import { type ListColumn, ListPage, useRefreshList } from './list-page';
import type { ListSpec } from './list-query';
import { useIsSystemAdmin, useStations, writeRows } from './lookups';

/** What a master-data grid writes: its create/update/delete paths (contracts' `crudPaths`). */
export interface CrudPaths {
  create: string;
  update: string;
  delete: string;
}

export interface CrudSpec<Row> {
  /** The list's query-key root, refreshed after every save. */
  resource: string;
  paths: CrudPaths;
  /** The key fields a delete sends for each row. */
  keyOf: (row: Row) => object;
  /** Locale prefix of the dialog titles (`<prefix>.add`, `<prefix>.edit`). */
  titles: string;
}

/**
 * What every master-data page shares: one form dialog that Add opens empty and a row's Edit opens
 * filled, Delete by the row keys, Save to create or update then refresh. Spread `listProps` on the ListPage and `dialogProps` on the FormDialog; `save` sends one row.
 */
export function useCrudPage<Row>(spec: CrudSpec<Row>) {
  const { t } = useTranslation();
  const refresh = useRefreshList(spec.resource);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row } | null>(null);
  const mode: FormMode = dialog?.mode ?? 'create';
  const save = async <Result = unknown>(body: object) => {
    const written = await writeRows<Result>(mode === 'edit' ? spec.paths.update : spec.paths.create, [body]);
    await refresh();
    return written;
  };
  return {
    t,
    refresh,
    dialog,
    setDialog,
    save,
    listProps: {
      onAdd: () => setDialog({ mode: 'create' }),
      onDelete: (rows: Row[]) => writeRows(spec.paths.delete, rows.map(spec.keyOf)),
      actions: (row: Row) => <EditAction onClick={() => setDialog({ mode: 'edit', row })} />,
    },
    dialogProps: {
      open: dialog !== null,
      mode,
      title: t(`${spec.titles}.${mode === 'edit' ? 'edit' : 'add'}`),
      onClose: () => setDialog(null),
    },
  };
}

/** The same, for rows that belong to a station: whether the user sees stations, and their options. */
export function useStationCrudPage<Row>(spec: CrudSpec<Row>) {
  return { ...useCrudPage(spec), isAdmin: useIsSystemAdmin(), stations: useStations() };
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

/** A heading across the form that opens a group of fields (the meter's STS key, the passive tariff). */
export const sectionField = (name: string, title: string): FieldDef => ({
  name,
  label: '',
  kind: 'custom',
  wide: true,
  render: () => (
    <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
      {title}
    </Divider>
  ),
});

/** A grid's list, row names and writes: what `crudResource` declares. */
export interface CrudGrid<Row> {
  list: ListSpec;
  rowKey: (row: Row) => string;
  crud: CrudSpec<Row>;
}

export interface CrudPageProps<Row extends object, Form> {
  grid: CrudGrid<Row>;
  columns: (t: TFunction) => ListColumn<Row>[];
  /** The form's fields; `row` is the edited row (undefined when adding). */
  fields: (t: TFunction, row: Row | undefined) => FieldDef[];
  /** The request row from the form. */
  toBody: (values: Form, row: Row | undefined) => object;
  /** The form's start: the edited row by default. */
  initialValues?: (row: Row | undefined) => object | undefined;
  /** Import/export module (`/api/<module>/…`) and the export's file name. */
  files?: { module: string; fileName: string };
  dialogWidth?: number;
}

/** A whole master-data page: the grid with Add, Edit, Delete, import and export, and its form dialog. */
export function CrudPage<Row extends object, Form extends object>(props: CrudPageProps<Row, Form>) {
  const { t, save, dialog, listProps, dialogProps } = useCrudPage<Row>(props.grid.crud);
  const row = dialog?.row;
  return (
    <>
      <ListPage<Row>
        {...props.grid.list}
        rowKey={props.grid.rowKey}
        columns={props.columns(t)}
        {...listProps}
        importModule={props.files?.module}
        exportModule={props.files?.module}
        exportFileName={props.files?.fileName}
      />
      <FormDialog<Form>
        {...dialogProps}
        fields={props.fields(t, row)}
        initialValues={props.initialValues ? props.initialValues(row) : row}
        width={props.dialogWidth}
        onSubmit={(v) => save(props.toBody(v, row))}
      />
    </>
  );
}

/** Columns and fields of a station-owned grid: what the user may see depends on their station rights. */
type StationParts<T> = (t: TFunction, isAdmin: boolean, stations: StationOptions) => T;

export interface StationCrudPageProps<Row extends object, Form>
  extends Omit<CrudPageProps<Row, Form>, 'columns' | 'fields'> {
  columns: StationParts<ListColumn<Row>[]>;
  fields: StationParts<FieldDef[]>;
}

/** The same for rows that belong to a station: columns and fields as the user's station rights allow. */
export function StationCrudPage<Row extends object, Form extends object>(
  props: StationCrudPageProps<Row, Form>,
) {
  const isAdmin = useIsSystemAdmin();
  const stations = useStations().data;
  return (
    <CrudPage<Row, Form>
      {...props}
      columns={(t) => props.columns(t, isAdmin, stations)}
      fields={(t) => props.fields(t, isAdmin, stations)}
    />
  );
}

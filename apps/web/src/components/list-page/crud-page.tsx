import type { Endpoint, RequestOf, ResultOf } from '@prepay/contracts';
import { Divider } from 'antd';
import type { TFunction } from 'i18next';
import { type JSX, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { EditAction } from './edit-action';
import { type FieldDef, FormDialog, type FormMode } from './form-dialog';
import { type ListColumn, ListPage, useRefreshList } from './list-page';
import { type GridRead, type ListSpec, type PagePrefetch, prefetchList } from './list-query';
import { useIsSystemAdmin, useStations } from './lookups';

/** A master-data table's calls, from contracts (`tableEndpoints`). */
export interface CrudApi {
  read: Endpoint;
  create: Endpoint;
  update: Endpoint;
  delete: Endpoint;
}

type ElementOf<T> = T extends readonly (infer E)[] ? E : never;
/** A row of the table's grid. */
export type RowOf<Api extends CrudApi> =
  ResultOf<Api['read']> extends { data: readonly (infer R extends object)[] } ? R : never;
/** One line of a save: what both the create and the update accept. */
export type LineOf<Api extends CrudApi> = ElementOf<RequestOf<Api['create']>> &
  ElementOf<RequestOf<Api['update']>>;

/**
 * A master-data table, declared once: its calls, the list's query key `resource`, the field that names a
 * row, the dialog titles `<titles>.add|edit`, the fields a delete sends (the id alone by default) and the
 * sort until the user sorts.
 */
export interface CrudTable<Api extends CrudApi> {
  resource: string;
  api: Api;
  id: keyof RowOf<Api> & string;
  titles: string;
  keys?: readonly (keyof RowOf<Api> & string)[];
  sortBy?: keyof RowOf<Api> & string;
  /** The row's React key, when one field does not name it. */
  rowKey?: (row: RowOf<Api>) => string;
}

/**
 * A table of a menu area's page: read under the query key `resource`, its dialogs titled from
 * `<area>.<resource>.add|edit`, a row named by `id`.
 */
export const crudTable = <Api extends CrudApi>(
  area: 'management' | 'setting',
  resource: string,
  api: Api,
  id: keyof RowOf<Api> & string,
): CrudTable<Api> => ({ resource, api, id, titles: `${area}.${resource}` });

/**
 * The table's grid read. `RowOf` is defined as the row of this endpoint's page, which TypeScript cannot
 * follow through the generic `Api`, so this is the one place that says so.
 */
const gridRead = <Api extends CrudApi>(api: Api) => api.read as GridRead<RowOf<Api>>;

/** What the table's list reads (the page module's prefetch reads the same). */
export const crudList = <Api extends CrudApi>(table: CrudTable<Api>): ListSpec<RowOf<Api>> => ({
  resource: table.resource,
  read: gridRead(table.api),
  ...(table.sortBy ? { defaultSort: { field: table.sortBy, direction: 'asc' } } : {}),
});

/** The page module's `prefetch`: the table's first page. */
export const crudPrefetch = <Api extends CrudApi>(table: CrudTable<Api>): PagePrefetch =>
  prefetchList(crudList(table));

/**
 * A batch write of the table, answered as its endpoint declares. The batch's lines are typed where the
 * page declares them (`toBody` gives a `LineOf<Api>`, a delete sends the `keys`); here the endpoint is
 * any of the table's writes, so its body is taken as the schema's (checked by the server).
 */
const writeRows = <E extends Endpoint>(endpoint: E, rows: unknown[]): Promise<ResultOf<E>> =>
  call<Endpoint<z.ZodType, E['result']>>(endpoint, rows);

/**
 * What every master-data page shares: one form dialog that Add opens empty and a row's Edit opens
 * filled, Delete by the row keys, Save to create or update then refresh, and the user's station rights
 * (system administrators see and pick stations). Spread `listProps` on the ListPage and `dialogProps`
 * on the FormDialog; `save` sends one row.
 */
export function useCrudPage<Api extends CrudApi>(table: CrudTable<Api>) {
  type Row = RowOf<Api>;
  const { t } = useTranslation();
  const refresh = useRefreshList(table.resource);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row } | null>(null);
  const mode: FormMode = dialog?.mode ?? 'create';
  const save = async (line: LineOf<Api>) => {
    const endpoint = mode === 'edit' ? table.api.update : table.api.create;
    const written = await writeRows<Api['create'] | Api['update']>(endpoint, [line]);
    await refresh();
    return written;
  };
  const onClose = useCallback(() => setDialog(null), []);
  return {
    t,
    refresh,
    dialog,
    setDialog,
    save,
    isAdmin: useIsSystemAdmin(),
    stations: useStations(),
    rowKey: useMemo(() => table.rowKey ?? ((row: Row) => String(row[table.id])), [table]),
    listProps: useListProps(table, setDialog),
    dialogProps: {
      open: dialog !== null,
      mode,
      title: t(`${table.titles}.${mode === 'edit' ? 'edit' : 'add'}`),
      onClose,
    },
  };
}

/**
 * The grid's side of a master-data page, built once per table: the grid is memoised on its columns, and
 * a new Actions function on every render of the page around it would redraw every row each time.
 */
function useListProps<Api extends CrudApi>(
  table: CrudTable<Api>,
  setDialog: (dialog: { mode: FormMode; row?: RowOf<Api> }) => void,
) {
  type Row = RowOf<Api>;
  return useMemo(() => {
    const keys = table.keys ?? [table.id];
    const keyOf = (row: Row) => Object.fromEntries(keys.map((key) => [key, row[key]]));
    return {
      ...crudList(table),
      onAdd: () => setDialog({ mode: 'create' }),
      onDelete: (rows: Row[]) => writeRows(table.api.delete, rows.map(keyOf)),
      actions: (row: Row) => <EditAction onClick={() => setDialog({ mode: 'edit', row })} />,
      // One Edit link: the column needs no more than its header, as on the Log page.
      actionsWidth: EDIT_ACTIONS_WIDTH,
    };
  }, [table, setDialog]);
}

/** Width of an Actions column holding only Edit, in every language. */
const EDIT_ACTIONS_WIDTH = 90;

export type StationOptions = { value: string; label: string }[] | undefined;

/** The Station field: system administrators pick one; everyone else writes to their own. */
export const stationField = (t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef => ({
  name: 'stationId',
  label: t('listPage.station'),
  kind: 'select',
  options: stations ?? [],
  hidden: () => !isAdmin,
});

/** The field naming a row (its id): required, at most 64 characters, fixed once the row exists. */
export const keyField = (name: string, label: string, more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  kind: 'text',
  required: true,
  lockOnEdit: true,
  maxLength: 64,
  ...more,
});

/** The Remark field every master-data form ends with. */
export const remarkField = (t: TFunction): FieldDef => ({
  name: 'remark',
  label: t('listPage.remark'),
  kind: 'textarea',
  wide: true,
  maxLength: 500,
});

/**
 * The form of a station-owned row that an id and a name describe (gateway, feeder, transformer): the id
 * (fixed once the row exists; `idMore` adds its hint and check) and the name under `<titles>.id|name`, the
 * page's `own` fields, then Station and Remark.
 */
export const namedRowFields =
  (
    row: { titles: string; id: string; name: string; idMore?: (t: TFunction) => Partial<FieldDef> },
    own: (t: TFunction) => FieldDef[] = () => [],
  ) =>
  (t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef[] => [
    keyField(row.id, t(`${row.titles}.id`), row.idMore?.(t)),
    { name: row.name, label: t(`${row.titles}.name`), kind: 'text', maxLength: 128 },
    ...own(t),
    stationField(t, isAdmin, stations),
    remarkField(t),
  ];

/**
 * The last members every station-owned row sends: its remark, and its station (the chosen one, else the
 * edited row's own, as users who cannot choose keep theirs).
 */
export const remarkAndStation = (
  values: { remark?: string; stationId?: string },
  row: { stationId?: string | null } | undefined,
) => ({
  remark: values.remark || null,
  stationId: values.stationId || row?.stationId || null,
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

/** Columns as the user's station rights allow (system administrators see every station's rows). */
type StationColumns<Row> = (t: TFunction, isAdmin: boolean, stations: StationOptions) => ListColumn<Row>[];
/** The form's fields as the user's station rights allow; `row` is the edited row (undefined when adding). */
type StationFields<Row> = (
  t: TFunction,
  isAdmin: boolean,
  stations: StationOptions,
  row: Row | undefined,
) => FieldDef[];

/** How a master-data page shows its table: columns, form, the request row from the form, files. */
export interface CrudView<Api extends CrudApi, Form> {
  columns: StationColumns<RowOf<Api>>;
  fields: StationFields<RowOf<Api>>;
  /** The request row from the form: what the table's create and update accept. */
  toBody: (values: Form, row: RowOf<Api> | undefined) => LineOf<Api>;
  /** The form's start: the edited row by default. */
  initialValues?: (row: RowOf<Api> | undefined) => object | undefined;
  /** Import/export module (`/api/<module>/…`) and the export's file name. */
  files?: { module: string; fileName: string };
  dialogWidth?: number;
}

/** A whole master-data page: the grid with Add, Edit, Delete, import and export, and its form dialog. */
export function CrudPage<Api extends CrudApi, Form extends object>(
  props: CrudView<Api, Form> & { table: CrudTable<Api> },
) {
  const { t, save, dialog, listProps, dialogProps, rowKey, isAdmin, stations } = useCrudPage(props.table);
  const row = dialog?.row;
  // Built when the language or the user's station rights change, not on each render of the page.
  const { columns: declare } = props;
  const columns = useMemo(() => declare(t, isAdmin, stations.data), [declare, t, isAdmin, stations.data]);
  return (
    <>
      <ListPage<RowOf<Api>>
        {...listProps}
        rowKey={rowKey}
        columns={columns}
        importModule={props.files?.module}
        exportModule={props.files?.module}
        exportFileName={props.files?.fileName}
      />
      <FormDialog<Form>
        {...dialogProps}
        fields={props.fields(t, isAdmin, stations.data, row)}
        initialValues={props.initialValues ? props.initialValues(row) : (row as object | undefined)}
        width={props.dialogWidth}
        onSubmit={(v) => save(props.toBody(v, row))}
      />
    </>
  );
}

/**
 * A master-data page module, declared once: its table and how it shows it. Returns the module's
 * `prefetch` (the first page, started by the menu or the router) and its default `Page`.
 */
export function crudPage<Api extends CrudApi, Form extends object>(
  spec: CrudTable<Api> & CrudView<Api, Form>,
): { prefetch: PagePrefetch; Page: () => JSX.Element } {
  const Page = () => <CrudPage<Api, Form> {...spec} table={spec} />;
  return { prefetch: crudPrefetch(spec), Page };
}

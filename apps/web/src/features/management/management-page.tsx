import type { JSX } from 'react';
import { type CrudResourceOptions, crudResource } from '../../components/crud-resource';
import {
  type CrudPaths,
  StationCrudPage,
  type StationCrudPageProps,
} from '../../components/list-page/crud-page';
import type { PagePrefetch } from '../../components/list-page/list-query';
import './locales';

type Declared<Row extends object, Form> = Pick<
  StationCrudPageProps<Row, Form>,
  'columns' | 'fields' | 'toBody' | 'initialValues' | 'dialogWidth'
>;

/** What a management page declares; its list, titles, files and row keys follow from the resource's name. */
export interface ManagementPageSpec<Row extends object, Form>
  extends Declared<Row, Form>,
    CrudResourceOptions<Row> {
  /** The resource's name: query key, import/export module and `management.<resource>` titles. */
  resource: string;
  paths: CrudPaths & { read: string };
  /** The field that names a row. */
  id: keyof Row & string;
}

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

/**
 * A station-owned management grid (meters, customers, accounts, debts, gateways): Add, Edit, Delete,
 * import and export of `<resource>s`, titles `management.<resource>.add|edit`. Returns the page
 * module's `prefetch` and its default `Page`.
 */
export function managementPage<Row extends object, Form extends object>(
  spec: ManagementPageSpec<Row, Form>,
): { prefetch: PagePrefetch; Page: () => JSX.Element } {
  const { resource, paths, id, keys, sortBy, ...declared } = spec;
  const grid = crudResource<Row>(resource, paths, id, `management.${resource}`, { keys, sortBy });
  const Page = () => (
    <StationCrudPage<Row, Form>
      {...declared}
      grid={grid}
      files={{ module: resource, fileName: `${resource}s` }}
    />
  );
  return { prefetch: grid.prefetch, Page };
}

import type { JSX } from 'react';
import {
  type CrudPaths,
  StationCrudPage,
  type StationCrudPageProps,
} from '../../components/list-page/crud-page';
import { type ListSpec, type PagePrefetch, prefetchList } from '../../components/list-page/list-query';
import './locales';

type Declared<Row extends object, Form> = Pick<
  StationCrudPageProps<Row, Form>,
  'columns' | 'fields' | 'toBody' | 'initialValues' | 'dialogWidth'
>;

/** What a management page declares; its list, titles, files and row keys follow from the resource's name. */
export interface ManagementPageSpec<Row extends object, Form> extends Declared<Row, Form> {
  /** The resource's name: query-key root, import/export module and `management.<resource>` titles. */
  resource: string;
  paths: CrudPaths & { read: string };
  /** The field that names a row in the grid. */
  id: keyof Row & string;
  /** The fields a delete sends (the id alone by default). */
  keys?: readonly (keyof Row & string)[];
  /** Sorted on this field, ascending, until the user sorts. */
  sortBy?: keyof Row & string;
}

/**
 * A station-owned management grid (meters, customers, accounts, debts, gateways): Add, Edit, Delete,
 * import and export of `<resource>s`. Returns the page module's `prefetch` and its default `Page`.
 */
export function managementPage<Row extends object, Form extends object>(
  spec: ManagementPageSpec<Row, Form>,
): { prefetch: PagePrefetch; Page: () => JSX.Element } {
  const { resource, paths, id, keys = [id], sortBy, ...declared } = spec;
  const list: ListSpec = {
    resource,
    readPath: paths.read,
    ...(sortBy ? { defaultSort: { field: sortBy, direction: 'asc' } } : {}),
  };
  const keyOf = (row: Row) => Object.fromEntries(keys.map((key) => [key, row[key]]));
  const Page = () => (
    <StationCrudPage<Row, Form>
      {...declared}
      resource={resource}
      list={list}
      paths={paths}
      keyOf={keyOf}
      rowKey={(row) => String(row[id])}
      titles={`management.${resource}`}
      files={{ module: resource, fileName: `${resource}s` }}
    />
  );
  return { prefetch: prefetchList(list), Page };
}

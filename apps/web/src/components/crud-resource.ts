import type { CrudPaths, CrudSpec } from './list-page/crud-page';
import { type ListSpec, type PagePrefetch, prefetchList } from './list-page/list-query';

/** A master-data grid whose rows one field names: what its list reads and what its writes send. */
export interface CrudResource<Row> {
  list: ListSpec;
  /** The page module's `prefetch`: the list's first read. */
  prefetch: PagePrefetch;
  crud: CrudSpec<Row>;
  rowKey: (row: Row) => string;
}

/** How a grid sorts and deletes when that is more than its id. */
export interface CrudResourceOptions<Row> {
  /** The fields a delete sends (the id alone by default). */
  keys?: readonly (keyof Row & string)[];
  /** Sorted on this field, ascending, until the user sorts. */
  sortBy?: keyof Row & string;
}

/**
 * Declares a master-data grid once, as the column helpers declare a column: query key `resource`, read
 * path from contracts, rows named by `id`, dialog titles `<titles>.add` and `<titles>.edit`.
 */
export function crudResource<Row extends object>(
  resource: string,
  paths: CrudPaths & { read: string },
  id: keyof Row & string,
  titles: string,
  { keys = [id], sortBy }: CrudResourceOptions<Row> = {},
): CrudResource<Row> {
  const list: ListSpec = {
    resource,
    readPath: paths.read,
    ...(sortBy ? { defaultSort: { field: sortBy, direction: 'asc' } } : {}),
  };
  return {
    list,
    prefetch: prefetchList(list),
    crud: { resource, paths, titles, keyOf: (row) => Object.fromEntries(keys.map((key) => [key, row[key]])) },
    rowKey: (row) => String(row[id]),
  };
}

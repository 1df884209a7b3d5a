import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { stationsQueryOptions } from './lookups';
import { buildReadBody, initialListState, type ListState, type SortState } from './read-body';

/** Which grid a list page shows: enough to read its first page before the page's code has run. */
export interface ListSpec {
  /** Query-key root; writes elsewhere invalidate it through `useRefreshList`. */
  resource: string;
  readPath: string;
  defaultSort?: SortState | null;
  /** Members sent with every read (e.g. a fixed type). */
  extraBody?: Record<string, unknown>;
}

export interface ListResult<Row> {
  total: number;
  data: Row[];
}

export const listKey = (resource: string) => ['list', resource] as const;

/**
 * A list read as a react-query query. Rows stay fresh for a moment, so the read a menu hover or a
 * route loader started is the one the page shows instead of reading twice; after that the cached
 * rows show at once while they are re-read.
 */
export function listQueryOptions<Row>(
  spec: ListSpec,
  state: ListState = initialListState(spec.defaultSort ?? null),
  { silent = false } = {},
) {
  const body = buildReadBody(state, spec.extraBody);
  return queryOptions({
    queryKey: [...listKey(spec.resource), body] as const,
    queryFn: () => request<ListResult<Row>>(spec.readPath, body, { silent }),
    staleTime: 5_000,
  });
}

/** What a page module exports as `prefetch`: starts the reads its first render needs. */
export type PagePrefetch = (client: QueryClient) => Promise<unknown>;

/**
 * A list page's prefetch: its grid's first page and the station lookup its Station column and forms
 * use. Silent: a refused read is reported once, by the page that shows it. What the cache already
 * holds is not waited for: cached rows show at once and the page re-reads them in the background when
 * they are stale, so a return visit never waits for the server.
 */
export function prefetchList(spec: ListSpec, ...more: PagePrefetch[]): PagePrefetch {
  return (client) => {
    const list = listQueryOptions(spec, undefined, { silent: true });
    const stations = stationsQueryOptions({ silent: true });
    return Promise.all([
      client.getQueryData(list.queryKey) === undefined ? client.prefetchQuery(list) : null,
      client.getQueryData(stations.queryKey) === undefined ? client.prefetchQuery(stations) : null,
      ...more.map((p) => p(client)),
    ]);
  };
}

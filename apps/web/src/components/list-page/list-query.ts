import type { Endpoint } from '@prepay/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { stationsQueryOptions } from './lookups';
import { buildReadBody, initialListState, type ListState, type SortState } from './read-body';

/**
 * A grid's read, declared in contracts: it answers a page of `Row`. Its request is the common read
 * request plus the grid's header filters, which the columns name at run time, so the body is checked
 * by the server's schema (a 400 for a filter it does not know) rather than at compile time; the
 * answer is typed, so columns of another row type do not compile.
 */
export type GridRead<Row> = Endpoint<z.ZodType, z.ZodType<ListResult<Row>>>;

/** Which grid a list page shows: enough to read its first page before the page's code has run. */
export interface ListSpec<Row = unknown> {
  /** Query-key root; writes elsewhere invalidate it through `useRefreshList`. */
  resource: string;
  read: GridRead<Row>;
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
  spec: ListSpec<Row>,
  state: ListState = initialListState(spec.defaultSort ?? null),
  { silent = false } = {},
) {
  const body = buildReadBody(state, spec.extraBody);
  return queryOptions({
    queryKey: [...listKey(spec.resource), body] as const,
    queryFn: () => call(spec.read, body, { silent }),
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
export function prefetchList<Row>(spec: ListSpec<Row>, ...more: PagePrefetch[]): PagePrefetch {
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

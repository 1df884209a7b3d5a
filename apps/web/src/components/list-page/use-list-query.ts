import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ListPageProps } from './list-page-props';
import { listKey, listQueryOptions } from './list-query';
import { type FilterKind, type FilterValue, initialListState, type ListState } from './read-body';

/** Lets dialogs re-query a grid after a write. */
export function useRefreshList(resource: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: listKey(resource) });
}

/**
 * The grid's read: paging, filters and sort are the server's, each change a react-query query with the
 * same key a menu prefetch or route loader used (list-query.ts), so the first render finds its rows.
 */
export function useListQuery<Row>(props: ListPageProps<Row>) {
  const { resource, read, extraBody, defaultSort = null, refetchInterval } = props;
  const client = useQueryClient();
  const [state, setState] = useState<ListState>(() => initialListState(defaultSort));
  const options = useMemo(
    () => listQueryOptions<Row>({ resource, read, extraBody }, state),
    [resource, read, extraBody, state],
  );
  // While a filter or page changes, the previous rows stay on screen (not an empty table).
  const query = useQuery({
    ...options,
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) ?? false : false,
  });

  /**
   * Search and Reset are asked-for re-reads: the page they land on is read from the server even when
   * the cache still holds it (e.g. Reset back to the first page seen a moment ago). Marking that
   * page stale first makes the switch to it fetch; when it is the page on screen it re-reads now.
   */
  const readAgain = (next: ListState) => {
    const { queryKey } = listQueryOptions<Row>({ resource, read, extraBody }, next);
    void client.invalidateQueries({ queryKey, exact: true });
    setState(next);
  };
  // Stable, so the grid's memoised columns survive re-renders.
  const setFilter = useCallback(
    (field: string, kind: FilterKind, value: FilterValue) =>
      setState((s) => ({ ...s, pageNumber: 1, filters: { ...s.filters, [field]: { kind, value } } })),
    [],
  );

  // Only a grid with nothing to show yet gets the skeleton; re-reads keep the rows sharp and say so
  // with a small spinner, so rows never blink or blur on a background refresh.
  const firstLoad = query.isPending;
  return {
    state,
    setState,
    query,
    body: options.queryKey[2],
    firstLoad,
    refreshing: query.isFetching && !firstLoad,
    settled: !query.isFetching && !query.isPlaceholderData,
    readAgain,
    setFilter,
  };
}

export type ListQuery<Row> = ReturnType<typeof useListQuery<Row>>;

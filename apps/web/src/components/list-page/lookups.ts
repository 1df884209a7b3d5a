import { STATION_API } from '@prepay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { LOOKUP_STALE_MS } from '../../lib/query-client';
import { sessionStore } from '../../lib/session';

/** The station lookup: shared by every page with a Station column or field, cached across pages. */
export function stationsQueryOptions({ silent = false } = {}) {
  return queryOptions({
    queryKey: ['lookup', 'station'],
    queryFn: () =>
      call(STATION_API.read, { pageNumber: 1, pageSize: 200, orderBy: 'stationId asc' }, { silent }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** Station drop-down source (original: station lookups read 200 rows, sorted by id). */
export function useStations() {
  return useQuery({
    ...stationsQueryOptions(),
    select: (page) => page.data.map((s) => ({ value: s.stationId, label: `${s.stationId} — ${s.name}` })),
  });
}

/** System administrators see every station, so their grids get a Station filter column. */
export function useIsSystemAdmin(): boolean {
  return sessionStore.use((s) => s.info?.isSystemAdmin ?? false);
}

export function useOwnStationId(): string | undefined {
  return sessionStore.use((s) => s.info?.stationId);
}

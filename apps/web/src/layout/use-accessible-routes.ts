import { useMemo } from 'react';
import { layoutRoutes } from '../app/route-table';
import { type AppRoute, filterRoutes } from '../lib/routes';
import { sessionStore } from '../lib/session';

/** Constant + role-filtered routes: what the sidebar, search and breadcrumb work on (R6). */
export function useAccessibleRoutes(): AppRoute[] {
  const roleContent = sessionStore.use((s) => s.info?.roleContent ?? '');
  return useMemo(() => filterRoutes(layoutRoutes, roleContent), [roleContent]);
}

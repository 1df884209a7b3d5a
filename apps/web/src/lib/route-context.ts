import { createContext, useContext } from 'react';
import type { AppRoute } from './routes';

/**
 * The route table as pages read it (titles, permission keys, groups). The app provides it
 * (app/providers.tsx) so that a feature never imports app/ — the table imports the features' pages,
 * and importing it back would close a circle.
 */
export interface RouteTable {
  /** Every page inside the layout, constant and permission-gated. */
  layoutRoutes: readonly AppRoute[];
  /** The permission-gated groups, in menu order; their names are the permission keys. */
  asyncRoutes: readonly AppRoute[];
}

export const RouteTableContext = createContext<RouteTable>({ layoutRoutes: [], asyncRoutes: [] });

export const useRouteTable = (): RouteTable => useContext(RouteTableContext);

import { menuAllows, parseRoleContent } from '@prepay/contracts/permissions';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { type AppRoute, groupTarget } from '../lib/routes';
import { sessionStore } from '../lib/session';
import { Guard } from './guard';
import { PageLoading } from './page-loading';
import { bareRoutes, layoutRoutes } from './route-table';

const Layout = lazy(() => import('../layout/layout'));

function page(Component: ComponentType) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

/** A group path opens its first page the role grants (the original looped on itself, R2). */
function GroupRedirect({ group }: { group: AppRoute }) {
  const info = sessionStore.use((s) => s.info);
  const keys = parseRoleContent(info?.roleContent);
  const allowed: AppRoute = {
    ...group,
    children: (group.children ?? []).filter((c) => c.name && menuAllows(keys, c.name)),
  };
  const target = groupTarget(allowed);
  return <Navigate to={target ?? '/404'} replace />;
}

/** RD1: /redirect/<path>?q replaces itself with /<path>?q, remounting the page (tag Refresh). */
function RedirectPage() {
  const location = useLocation();
  const target = location.pathname.replace(/^\/redirect/, '') || '/';
  return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
}

function layoutChildren(routes: readonly AppRoute[]): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.external) return [];
    const own: RouteObject[] = [];
    if (route.children) own.push({ path: route.path, element: <GroupRedirect group={route} /> });
    else if (route.component) own.push({ path: route.path, element: <route.component /> });
    return [...own, ...layoutChildren(route.children ?? [])];
  });
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Guard />,
      children: [
        ...bareRoutes.flatMap((r) => (r.component ? [{ path: r.path, element: page(r.component) }] : [])),
        {
          element: page(Layout),
          children: [
            { path: '/', element: <Navigate to="/dashboard" replace /> },
            { path: '/profile', element: <Navigate to="/profile/index" replace /> },
            { path: '/redirect/*', element: <RedirectPage /> },
            ...layoutChildren(layoutRoutes),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());

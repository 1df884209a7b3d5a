import { menuAllows, parseRoleContent } from '@prepay/contracts/permissions';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { type AppRoute, groupTarget, lazyPage } from '../lib/routes';
import { loadInfo, sessionStore } from '../lib/session';
import { Guard } from './guard';
import { PageLoading } from './page-loading';
import { preparePage } from './prepare-page';
import { bareRoutes, layoutRoutes } from './route-table';

const Layout = lazyPage(() => import('../layout/layout'));

/**
 * The shell a signed-in page needs, fetched alongside the page itself rather than after it: the
 * layout's chunk and the user info (a failure is left to the guard, which reports it).
 */
async function prepareShell() {
  if (!sessionStore.get().signedIn) return null;
  const info = sessionStore.get().info ? null : loadInfo().catch(() => null);
  await Promise.all([Layout.load(), info]);
  return null;
}

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
    else if (route.component) {
      // The loader starts the page's chunk and its first reads together, before the page renders.
      own.push({
        path: route.path,
        element: <route.component />,
        loader: () => preparePage(route.path).then(() => null),
      });
    }
    return [...own, ...layoutChildren(route.children ?? [])];
  });
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Guard />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        ...bareRoutes.flatMap((r) => (r.component ? [{ path: r.path, element: page(r.component) }] : [])),
        {
          element: page(Layout),
          loader: prepareShell,
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

import { menuAllows, parseRoleContent } from '@prepay/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * One entry of the route table (app/route-table.tsx). The same table drives the router, the menu, the
 * breadcrumb, the page titles, the header search and the permission checks.
 */
/** The menu icons a group can carry. */
export type MenuIcon =
  | 'dashboard'
  | 'token'
  | 'history'
  | 'api'
  | 'fileSearch'
  | 'barChart'
  | 'cloudServer'
  | 'safety'
  | 'shop'
  | 'setting';

export interface AppRoute {
  /** Absolute path. */
  path: string;
  /** Route name; for gated routes it is the permission key (the product spec's and the original's names). */
  name?: string;
  /** Key under `route.` in the locale packs. */
  title?: string;
  /** The menu's icon, by name (layout/sidebar/menu-icons.tsx): icons stay out of the login page's code. */
  icon?: MenuIcon;
  /** Not in the menu nor the search. */
  hidden?: boolean;
  /** A permission without a page: never in the menu, search or router. */
  onlyRole?: boolean;
  /** A group that stays a sub-menu even with one visible child. */
  alwaysShow?: boolean;
  /** Pinned tag that cannot be closed. */
  affix?: boolean;
  noCache?: boolean;
  /** false keeps the entry out of the breadcrumb. */
  breadcrumb?: boolean;
  /** Where a group sends the user; it falls back to the first accessible child. */
  redirect?: string;
  /** Subject to the role filter (the original's "async routes"). */
  gated?: boolean;
  /** Opens in a new tab (an external link in the menu). */
  external?: boolean;
  component?: LazyPage;
  children?: AppRoute[];
}

/** A page chunk: its component and, for pages that read data at once, what to read ahead. */
export interface PageModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

/** A page chunk's dynamic import, as the route table lists it. */
export type PageModuleImporter = () => Promise<PageModule>;

/** A lazily loaded page whose chunk can be fetched ahead (menu hover, route loader) with `load`. */
export type LazyPage = LazyExoticComponent<ComponentType> & { load: () => Promise<PageModule> };

/** React.lazy with a shared, retryable `load`: the router and the menu start the chunk early. */
export function lazyPage(importer: PageModuleImporter): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        // Marked as React marks a settled promise: a page whose chunk is here renders without suspending.
        Object.assign(loading ?? {}, { status: 'fulfilled', value: module });
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(load), { load });
}

/** Spec §6: keep a route if its name is listed or is the part before the first dot of a listed key. */
export function filterRoutes(
  routes: readonly AppRoute[],
  roleContent: string | null | undefined,
): AppRoute[] {
  const keys = parseRoleContent(roleContent);
  const walk = (list: readonly AppRoute[]): AppRoute[] =>
    list.flatMap((route) => {
      if (route.gated && !(route.name && menuAllows(keys, route.name))) return [];
      return [{ ...route, ...(route.children ? { children: walk(route.children) } : {}) }];
    });
  return walk(routes);
}

export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The chain of table entries from the top group down to the entry whose path is `pathname`. */
export function matchChain(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  const target = normalizePath(pathname);
  for (const route of routes) {
    if (route.path === target) return [route];
    if (route.children) {
      const sub = matchChain(route.children, target);
      if (sub.length > 0) return [route, ...sub];
    }
  }
  return [];
}

/** Visible children: those the menu shows. */
export function visibleChildren(route: AppRoute): AppRoute[] {
  return (route.children ?? []).filter((c) => !c.hidden && !c.onlyRole);
}

/** Original quirk R2 fixed: a group goes to its redirect when accessible, else to its first page. */
export function groupTarget(group: AppRoute): string | undefined {
  const pages = visibleChildren(group).filter((c) => c.component || c.external);
  if (group.redirect && pages.some((c) => c.path === group.redirect)) return group.redirect;
  return pages[0]?.path;
}

export interface Crumb {
  path: string;
  title: string;
  /** Where a click goes; undefined makes the crumb plain text. */
  to: string | undefined;
}

/** B1: matched entries with a title, Dashboard first. */
export function breadcrumbFor(chain: readonly AppRoute[]): Crumb[] {
  const withTitle = chain.filter((r) => r.title && r.breadcrumb !== false);
  const crumbs: Crumb[] = withTitle.map((r, i) => ({
    path: r.path,
    title: r.title as string,
    to: i === withTitle.length - 1 ? undefined : r.children ? groupTarget(r) : r.path,
  }));
  if (crumbs[0]?.title.trim().toLowerCase() !== 'dashboard') {
    crumbs.unshift({ path: '/dashboard', title: 'dashboard', to: crumbs.length ? '/dashboard' : undefined });
  }
  return crumbs;
}

export interface SearchEntry {
  path: string;
  /** Translated titles from the group down, e.g. ["Token Generate", "Credit Token"]. */
  title: string[];
  /** Pinyin of each title part (Chinese search). */
  pinyinTitle?: string[];
}

/**
 * HS2: every visible entry with a title becomes a search target (groups too: they open their first
 * page). Role-only entries are left out, unlike the original.
 */
export function searchPool(
  routes: readonly AppRoute[],
  translate: (key: string) => string,
  prefix: string[] = [],
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  for (const r of routes) {
    if (r.hidden || r.onlyRole) continue;
    const title = r.title ? [...prefix, translate(r.title)] : prefix;
    const target = r.children ? groupTarget(r) : r.path;
    if (r.title && target) pool.push({ path: target, title });
    if (r.children) pool.push(...searchPool(r.children, translate, title));
  }
  return pool;
}

/** UT6: links that leave the console. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

import { useEffect } from 'react';
import type { AppRoute, LazyPage } from '../lib/routes';
import { type Idle, whenIdle } from '../lib/when-idle';

/** The pages of the menu the user may open, in menu order (external links and hidden pages left out). */
export function menuPages(routes: readonly AppRoute[]): LazyPage[] {
  return routes.flatMap((r) =>
    r.hidden || r.onlyRole || r.external
      ? []
      : [...(r.component ? [r.component] : []), ...(r.children ? menuPages(r.children) : [])],
  );
}

/**
 * Once the shell is on screen, the code of every page in the user's menu loads, one chunk per idle
 * moment: the first click on a page after signing in no longer waits for its code (what a hover starts
 * is then already there). Only the signed-in shell does this, so the sign-in page loads nothing more.
 */
export function useWarmPages(routes: readonly AppRoute[], idle: Idle = whenIdle) {
  useEffect(() => {
    const pages = menuPages(routes);
    let cancel = () => {};
    let stopped = false;
    const next = (i: number) => {
      if (stopped || i >= pages.length) return;
      cancel = idle(() => {
        // A chunk that fails to load is loaded again (and reported) when the page is opened.
        void pages[i]
          ?.load()
          .catch(() => undefined)
          .finally(() => next(i + 1));
      });
    };
    next(0);
    return () => {
      stopped = true;
      cancel();
    };
  }, [routes, idle]);
}

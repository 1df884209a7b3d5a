import { matchChain } from '../lib/routes';
import { sessionStore } from '../lib/session';
import { keptPages } from './kept-pages';
import { layoutRoutes } from './route-table';

/**
 * How long a navigation waits for a page's first read before showing the page with a skeleton: long
 * enough for a healthy server (≈25 ms), short enough that a slow one never freezes the menu.
 */
export const DATA_WAIT_MS = 400;

/**
 * Starts a page's code and its first reads together: the menu calls it on hover, focus and
 * press, the router's loader on navigation. Resolves once both are there (or the wait is over), so
 * the page's first render already has its rows. Signed-out visitors load nothing ahead. A page the shell
 * keeps alive waits for nothing: it is shown as left, and its reads refresh once it is on screen.
 */
export async function preparePage(path: string): Promise<void> {
  const page = matchChain(layoutRoutes, path).at(-1)?.component;
  if (!page || !sessionStore.get().signedIn || keptPages.has(path)) return;
  const [module, { queryClient }] = await Promise.all([page.load(), import('../lib/query-client')]);
  if (!module.prefetch) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DATA_WAIT_MS);
  });
  await Promise.race([module.prefetch(queryClient), waited]);
  clearTimeout(timer);
}

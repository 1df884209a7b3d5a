import {
  Activity,
  type ContextType,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { UNSAFE_LocationContext as LocationContext, useLocation, useOutlet } from 'react-router';
import { keptPages } from '../app/kept-pages';
import { settingsStore } from '../app/settings-store';
import { matchChain } from '../lib/routes';
import { tagsStore } from './tags-view/tags-store';
import { useAccessibleRoutes } from './use-accessible-routes';

/**
 * Pages kept at most, the least recently shown leaving first: an office PC with many tags open keeps
 * a bounded amount of page state and DOM.
 */
export const MAX_KEPT_PAGES = 12;

const REDIRECT = '/redirect';

/** A page kept alive: a named leaf of the user's route table, not marked noCache. */
export function usePageCacheRule(): (pathname: string) => boolean {
  const routes = useAccessibleRoutes();
  return useCallback(
    (pathname: string) => {
      const route = matchChain(routes, pathname).at(-1);
      return !!route?.name && !route.children && !route.noCache;
    },
    [routes],
  );
}

/**
 * What stays kept after a navigation to `pathname` (the shell's page cache, C1–C2): a Refresh or a size
 * change (both pass through /redirect/<path>) drops the page they reload; a closed tag drops its page;
 * the tags view turned off keeps nothing; beyond MAX_KEPT_PAGES the least recently shown go, never the
 * page shown (`keep`: it is kept, the most recent). Pure: the entries in, the entries out.
 */
export function keptAfter(
  kept: ReadonlyMap<string, unknown>,
  recency: readonly string[],
  pathname: string,
  openTags: ReadonlySet<string>,
  keep: boolean,
): { drop: string[]; recency: string[] } {
  const reloaded = pathname.startsWith(`${REDIRECT}/`) ? pathname.slice(REDIRECT.length) : null;
  const drop = [...kept.keys()].filter(
    (p) => p === reloaded || !openTags.has(p) || (p === pathname && !keep),
  );
  const left = recency.filter((p) => !drop.includes(p) && p !== pathname);
  if (keep) left.push(pathname);
  while (left.length > MAX_KEPT_PAGES) drop.push(left.shift() as string);
  return { drop, recency: left };
}

/**
 * A kept page's own element, in the document only while the page is shown: a hidden page is out of the
 * document (no style or layout work for it, nothing of it found by a search of the page, a screen reader
 * or a test), while React keeps its state and updates it there. The element goes in through the ref of
 * the slot before it, not a layout effect of this component: React attaches a ref in the commit before
 * it runs the layout effects of the siblings after it, while a parent's own layout effect runs after its
 * children's; so the page's layout effects (a measure, a focus) find it in the document, on its first
 * mount and each time it is shown again. The Activity around it detaches the ref when it hides the page.
 */
function PageHost({ children }: { children: ReactNode }) {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.className = 'kept-page';
    return el;
  });
  const attach = useCallback(
    (slot: HTMLDivElement | null) => {
      slot?.appendChild(host);
      return () => host.remove();
    },
    [host],
  );
  return (
    <>
      <div ref={attach} />
      {createPortal(children, host)}
    </>
  );
}

type Frame = (path: string, page: ReactNode) => ReactNode;
type Kept = {
  page: ReactNode;
  at: ContextType<typeof LocationContext>;
  /** The page's element as last rendered, with the frame and mode it was made for. */
  made?: { frame: Frame; mode: 'visible' | 'hidden'; element: ReactNode };
};

/**
 * Reads the router's location and gives back its children as they are: a navigation's context change,
 * looking below a kept page for what reads the location, stops here instead of walking the whole page.
 */
function NavigationStop({ children }: { children: ReactNode }) {
  useContext(LocationContext);
  return children;
}

/**
 * A kept page's element, made again only when its page, location, frame or mode changes. A hidden page
 * rendered again with a new element is walked in full by React at every navigation (a hidden Activity
 * that renders looks for context readers through its whole subtree); the same element lets it bail out
 * at the Activity, and the walk stops at the NavigationStop below it.
 */
function keptElement(path: string, kept: Kept, shown: boolean, frame: Frame): ReactNode {
  const mode = shown ? 'visible' : 'hidden';
  const made = kept.made;
  if (made && made.frame === frame && made.mode === mode) return made.element;
  const element = (
    <Activity key={path} mode={mode}>
      <NavigationStop>
        <LocationContext.Provider value={kept.at}>
          <PageHost>{frame(path, kept.page)}</PageHost>
        </LocationContext.Provider>
      </NavigationStop>
    </Activity>
  );
  kept.made = { frame, mode, element };
  return element;
}

/**
 * The shell's page cache (shell §14): each visited page of an open tag stays mounted, out of the document
 * while another is shown, with its rows, filters and dialogs as left; going back to it shows it again at
 * once, and its reads refresh in the background. A hidden page's effects are stopped (React's Activity):
 * no listener of its own (a keyboard shortcut), no timer, no subscription to a read (no polling); its
 * dialogs and pop-ups leave the document with it (their portals' layout effects take them out of <body>).
 * Its updates wait until the shown page is idle. Kept per path, as the tags are (a page's new query shows
 * in the same page). Each kept page reads the location it was last shown at, not the one of the page on
 * screen: what a hidden page reads from its URL is its own. `frame` wraps each page (error boundary,
 * suspense) so that one failing page does not take the kept ones with it.
 */
export function PageCache({
  frame,
  cacheable: isKeptPath,
}: {
  frame: Frame;
  /** Whether the page at a path is kept (usePageCacheRule). */
  cacheable: (pathname: string) => boolean;
}) {
  const { pathname } = useLocation();
  const here = useContext(LocationContext);
  const outlet = useOutlet();
  const tagsView = settingsStore.use((s) => s.tagsView);
  const visited = tagsStore.use((s) => s.visited);
  // Kept across renders without a state update of its own: the page shown is stored as it renders.
  const kept = useRef(new Map<string, Kept>());
  const recency = useRef<string[]>([]);

  const cacheable = tagsView && isKeptPath(pathname);
  const openTags = new Set(visited.map((v) => v.path));
  if (cacheable) openTags.add(pathname);
  const next = keptAfter(kept.current, recency.current, pathname, tagsView ? openTags : new Set(), cacheable);
  for (const p of next.drop) kept.current.delete(p);
  recency.current = next.recency;
  const shown = kept.current.get(pathname);
  if (cacheable && (shown?.page !== outlet || shown?.at !== here))
    kept.current.set(pathname, { page: outlet, at: here });
  keptPages.replace(kept.current.keys());

  return (
    <>
      {[...kept.current].map(([path, k]) => keptElement(path, k, path === pathname, frame))}
      {!cacheable && <Fragment key={`page:${pathname}`}>{frame(pathname, outlet)}</Fragment>}
    </>
  );
}

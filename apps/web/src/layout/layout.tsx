import { QueryClientProvider } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { type ReactNode, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { appStore, closeSidebar, MOBILE_BREAKPOINT, setDevice } from '../app/app-store';
import { PageLoading } from '../app/page-loading';
import { constantRoutes } from '../app/route-table';
import { settingsStore } from '../app/settings-store';
import '../lib/dayjs-locale';
import { queryClient } from '../lib/query-client';
import { matchChain } from '../lib/routes';
import { sessionStore } from '../lib/session';
import { ErrorBoundary } from './error-boundary';
import { Navbar } from './navbar/navbar';
import { PageCache, usePageCacheRule } from './page-cache';
import { SettingsDrawer } from './settings/settings-drawer';
import { SIDEBAR_BG, Sidebar } from './sidebar/sidebar';
import { addTag } from './tags-view/tags-store';
import { TagsView } from './tags-view/tags-view';
import { useAccessibleRoutes } from './use-accessible-routes';
import { useIdleLogout } from './use-idle-logout';
import { useWarmPages } from './use-warm-pages';
import './layout.css';

/** Spec §9: sidebar width; collapsed it keeps the icons. */
export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT;

/** L3: device follows the window width; going mobile closes the sidebar without animation. */
function useResponsive() {
  useEffect(() => {
    const apply = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth();
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && appStore.get().sidebarOpened) closeSidebar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

/** V1–V2, V11: the affix tags first, then each named page visited while the tags view is on. */
function useTags() {
  const location = useLocation();
  const routes = useAccessibleRoutes();
  const tagsView = settingsStore.use((s) => s.tagsView);
  const generation = sessionStore.use((s) => s.generation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-add the affix tags after a reset.
  useEffect(() => {
    for (const r of constantRoutes) {
      if (r.affix) addTag({ path: r.path, fullPath: r.path, title: r.title, affix: true });
    }
  }, [generation]);
  useEffect(() => {
    if (!tagsView || location.pathname.startsWith('/redirect')) return;
    const chain = matchChain(routes, location.pathname);
    const route = chain[chain.length - 1];
    if (!route?.name || route.children) return;
    addTag({
      path: route.path,
      fullPath: location.pathname + location.search,
      title: route.title,
      affix: !!route.affix,
    });
  }, [location.pathname, location.search, routes, tagsView]);
}

/**
 * One page's frame: its own error boundary (a page that throws takes no kept page with it) and suspense.
 * L1: keyed by path, so /redirect remounts it (tag Refresh, size change).
 */
function usePageFrame() {
  const { t } = useTranslation();
  return useCallback(
    (path: string, page: ReactNode) => (
      <ErrorBoundary key={path} title={t('common.somethingWrong')} reloadLabel={t('common.reload')}>
        <Suspense fallback={<PageLoading />}>
          <div>{page}</div>
        </Suspense>
      </ErrorBoundary>
    ),
    [t],
  );
}

export default function Layout() {
  const location = useLocation();
  const frame = usePageFrame();
  const cacheable = usePageCacheRule();
  const opened = appStore.use((s) => s.sidebarOpened);
  const withoutAnimation = appStore.use((s) => s.withoutAnimation);
  const mobile = appStore.use((s) => s.device === 'mobile');
  const fixedHeader = settingsStore.use((s) => s.fixedHeader);
  const tagsView = settingsStore.use((s) => s.tagsView);
  const mainRef = useRef<HTMLDivElement>(null);

  useResponsive();
  useTags();
  useIdleLogout();
  useWarmPages(useAccessibleRoutes());

  // L4: any navigation closes the mobile sidebar; R8: and scrolls to the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation.
  useEffect(() => {
    if (appStore.get().device === 'mobile' && appStore.get().sidebarOpened) closeSidebar(false);
    window.scrollTo?.(0, 0);
  }, [location.pathname]);

  const sidebarWidth = mobile ? 0 : opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  const classes = ['app-wrapper', mobile ? 'mobile' : 'desktop', opened ? 'opened' : 'collapsed'];
  if (withoutAnimation) classes.push('without-animation');

  return (
    <div className={classes.join(' ')} style={{ ['--sidebar-width' as string]: `${sidebarWidth}px` }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={opened}
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={() => closeSidebar(false)}
          styles={{ body: { padding: 0, background: SIDEBAR_BG } }}
          rootClassName="sidebar-drawer"
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <aside className="sidebar-container" style={{ width: sidebarWidth }}>
          <Sidebar collapsed={!opened} />
        </aside>
      )}
      <div className="main-container">
        <header className={fixedHeader ? 'app-header fixed' : 'app-header'}>
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <main className="app-main" ref={mainRef} data-testid="app-main">
          {/* Outside the boundary keyed by path: the query client is mounted once, not on each page (its
              mount and unmount add and remove the window's focus and online listeners). */}
          <QueryClientProvider client={queryClient}>
            <PageCache frame={frame} cacheable={cacheable} />
          </QueryClientProvider>
        </main>
      </div>
      <SettingsDrawer />
    </div>
  );
}

import { ConfigProvider, Menu } from 'antd';
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { settingsStore } from '../../app/settings-store';
import { matchChain } from '../../lib/routes';
import { useAccessibleRoutes } from '../use-accessible-routes';
import { WarmListLook } from '../warm-list-look';
import { useMenuHighlight } from './menu-highlight';
import { menuItems } from './menu-items';

/** S8 colours of the original's dark sidebar. */
export const SIDEBAR_BG = '#304156';

type MenuProps = {
  items: ReturnType<typeof menuItems>;
  /** The collapsed menu's selection; the open menu's highlight is set on its elements (menu-highlight.ts). */
  selected: string | null;
  collapsed: boolean;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  theme: string;
};

/** No selection through the menu's own state: the open menu's highlight is useMenuHighlight's. */
const NO_KEYS: string[] = [];

/**
 * The menu itself, memoised: a navigation leaves it as it is while it is open (its highlight moves on
 * its elements); collapsed, its few top-level items take the selection as the menu's own.
 */
const SidebarMenu = memo(function SidebarMenu(p: MenuProps) {
  const menuTheme = useMemo(
    () => ({
      components: {
        Menu: {
          darkItemBg: SIDEBAR_BG,
          darkSubMenuItemBg: '#1f2d3d',
          darkPopupBg: '#1f2d3d',
          darkItemColor: '#bfcbd9',
          darkItemHoverBg: '#263445',
          darkItemSelectedBg: '#263445',
          darkItemSelectedColor: p.theme,
          itemBorderRadius: 0,
          itemMarginInline: 0,
        },
      },
    }),
    [p.theme],
  );
  return (
    <ConfigProvider theme={menuTheme}>
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={p.collapsed}
        // antd wraps every item in a Tooltip that shows only while the menu is collapsed: without it an
        // open menu's items are lighter to redraw when the selection moves on each click.
        tooltip={p.collapsed ? undefined : false}
        items={p.items}
        selectedKeys={p.selected === null ? NO_KEYS : [p.selected]}
        {...(p.collapsed ? {} : { openKeys: p.openKeys, onOpenChange: p.onOpenChange })}
      />
    </ConfigProvider>
  );
});

/** Logo bar (S9) and the permission-filtered menu. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const routes = useAccessibleRoutes();
  const showLogo = settingsStore.use((s) => s.sidebarLogo);
  const theme = settingsStore.use((s) => s.theme);
  // The data router's navigate keeps its identity across navigations: the items are not made again.
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels change with the language.
  const items = useMemo(() => menuItems(routes, t, navigate), [routes, t, navigate, i18n.language]);
  const chain = matchChain(routes, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const target = chain[chain.length - 1]?.path ?? pathname;
  const ref = useRef<HTMLDivElement>(null);
  useMenuHighlight(ref, target, !collapsed);

  // S6: the sub-menus along the active path open on load and on each navigation; others stay as they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed per path only.
  useEffect(() => {
    const parents = chain.slice(0, -1).map((r) => r.path);
    // The same list when they are open already: a new one would redraw the whole menu.
    const more = (keys: string[]) => parents.some((p) => !keys.includes(p));
    if (more(openKeys))
      startTransition(() => setOpenKeys((keys) => (more(keys) ? [...new Set([...keys, ...parents])] : keys)));
  }, [pathname]);

  return (
    <div className="sidebar-inner" data-testid="sidebar" ref={ref}>
      {showLogo && (
        <Link to="/" className="sidebar-logo">
          {collapsed ? (
            <span className="sidebar-logo-sub">{t('common.subTitle')}</span>
          ) : (
            <>
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <span className="sidebar-logo-title">{t('common.title')}</span>
            </>
          )}
        </Link>
      )}
      <SidebarMenu
        items={items}
        selected={collapsed ? target : null}
        collapsed={collapsed}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        theme={theme}
      />
      {/* What a click on the menu opens most often, a list page, has its look ready before the first click. */}
      <WarmListLook />
    </div>
  );
}

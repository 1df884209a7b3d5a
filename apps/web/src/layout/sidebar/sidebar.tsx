import { ConfigProvider, Menu } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { settingsStore } from '../../app/settings-store';
import { matchChain } from '../../lib/routes';
import { useAccessibleRoutes } from '../use-accessible-routes';
import { WarmListLook } from '../warm-list-look';
import { menuItems } from './menu-items';

/** S8 colours of the original's dark sidebar. */
export const SIDEBAR_BG = '#304156';

type MenuProps = {
  items: ReturnType<typeof menuItems>;
  selected: string;
  collapsed: boolean;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  theme: string;
};

/**
 * The menu itself, memoised: every item re-renders when the selection moves, so a click re-draws it
 * after the page it opens rather than before.
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
        selectedKeys={[p.selected]}
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels change with the language.
  const items = useMemo(() => menuItems(routes, t), [routes, t, i18n.language]);
  const chain = matchChain(routes, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const target = chain[chain.length - 1]?.path ?? pathname;
  // The highlight follows the page in a transition of its own, once the page has rendered.
  const [selected, setSelected] = useState(target);
  useEffect(() => startTransition(() => setSelected(target)), [target]);

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
    <div className="sidebar-inner" data-testid="sidebar">
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
        selected={selected}
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

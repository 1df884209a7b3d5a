import { ConfigProvider, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { settingsStore } from '../../app/settings-store';
import { matchChain } from '../../lib/routes';
import { useAccessibleRoutes } from '../use-accessible-routes';
import { menuItems } from './menu-items';

/** S8 colours of the original's dark sidebar. */
export const SIDEBAR_BG = '#304156';

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

  // S6: the sub-menus along the active path open on load and on each navigation; others stay as they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed per path only.
  useEffect(() => {
    const parents = chain.slice(0, -1).map((r) => r.path);
    if (parents.length) setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
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
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              darkItemBg: SIDEBAR_BG,
              darkSubMenuItemBg: '#1f2d3d',
              darkPopupBg: '#1f2d3d',
              darkItemColor: '#bfcbd9',
              darkItemHoverBg: '#263445',
              darkItemSelectedBg: '#263445',
              darkItemSelectedColor: theme,
              itemBorderRadius: 0,
              itemMarginInline: 0,
            },
          },
        }}
      >
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[chain[chain.length - 1]?.path ?? pathname]}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      </ConfigProvider>
    </div>
  );
}

import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedback } from '../lib/feedback';
import { antdLocale } from '../lib/i18n';
import { type RouteTable, RouteTableContext } from '../lib/route-context';
import { antdSize, appStore } from './app-store';
import { asyncRoutes, layoutRoutes } from './route-table';
import { settingsStore } from './settings-store';
import { createKeepingStyleCache } from './style-cache';

const ROUTE_TABLE: RouteTable = { asyncRoutes, layoutRoutes };
/** antd's style cache of the console (main.tsx keeps its styles across full loads). */
export const STYLE_CACHE = createKeepingStyleCache();

/** Hands antd's context-aware message and modal to code outside components (lib/request). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const colorPrimary = settingsStore.use((s) => s.theme);
  const size = appStore.use((s) => s.size);
  const { componentSize, compact } = antdSize(size);
  const locale = antdLocale(i18n.language);
  // Users who ask their system for less motion get none: popups, dialogs and trees open at once (and a
  // click that lands while something animates is never lost). The browser tests run this way too.
  const motion = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  return (
    <StyleProvider cache={STYLE_CACHE}>
      <ConfigProvider
        locale={locale}
        componentSize={componentSize}
        theme={{
          // The theme colour of the settings panel recolours the whole antd theme (no CDN stylesheet).
          // Popups (dialogs, drawers, menus, messages) start above the fixed sidebar (z-index 1001), so a
          // dialog never opens under it.
          token: {
            colorPrimary,
            colorInfo: colorPrimary,
            colorLink: colorPrimary,
            motion,
            zIndexPopupBase: 2000,
          },
          ...(compact ? { algorithm: theme.compactAlgorithm } : {}),
        }}
      >
        <AntApp message={{ top: 20, maxCount: 5 }}>
          <FeedbackBridge />
          <RouteTableContext value={ROUTE_TABLE}>{children}</RouteTableContext>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  );
}

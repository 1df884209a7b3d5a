import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTable } from '../../lib/route-context';
import type { AppRoute } from '../../lib/routes';

/** Permission key / group name → route title key, read from the route table (one source of labels). */
function routeTitles(routes: readonly AppRoute[], titles = new Map<string, string>()): Map<string, string> {
  for (const r of routes) {
    if (r.name && r.title) titles.set(r.name, r.title);
    if (r.children) routeTitles(r.children, titles);
  }
  return titles;
}

/** A translated label for a permission key: its page's title, else the key itself. */
export function usePermissionLabel(): (name: string) => string {
  const { t } = useTranslation();
  const { asyncRoutes } = useRouteTable();
  return useMemo(() => {
    const titles = routeTitles(asyncRoutes);
    return (name: string) => {
      const title = titles.get(name);
      if (title) return t(`route.${title}`);
      if (name === 'AutomaticMeterReading') return t('setting.role.automaticMeterReading');
      return name;
    };
  }, [asyncRoutes, t]);
}

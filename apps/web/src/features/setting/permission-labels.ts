import type { TFunction } from 'i18next';
import { asyncRoutes } from '../../app/route-table';
import type { AppRoute } from '../../lib/routes';

/** Permission key / group name → route title key, read from the route table (one source of labels). */
const titles = new Map<string, string>();
const walk = (routes: readonly AppRoute[]) => {
  for (const r of routes) {
    if (r.name && r.title) titles.set(r.name, r.title);
    if (r.children) walk(r.children);
  }
};
walk(asyncRoutes);

export function permissionLabel(t: TFunction, name: string): string {
  const title = titles.get(name);
  if (title) return t(`route.${title}`);
  if (name === 'AutomaticMeterReading') return t('setting.role.automaticMeterReading');
  return name;
}

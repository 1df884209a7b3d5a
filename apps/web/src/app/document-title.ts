import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../lib/i18n';
import { type AppRoute, matchChain } from '../lib/routes';
import { bareRoutes, layoutRoutes } from './route-table';

const allRoutes: AppRoute[] = [...bareRoutes, ...layoutRoutes];

/** T1: "<translated title> - <product>", or the product alone; follows language changes too. */
export function pageTitle(pathname: string, product: string): string {
  const chain = matchChain(allRoutes, pathname);
  const title = routeTitle(chain[chain.length - 1]?.title);
  return title ? `${title} - ${product}` : product;
}

export function useDocumentTitle(pathname: string) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the translations.
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    document.title = pageTitle(pathname, t('common.title'));
  }, [pathname, t, i18n.language]);
}

import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routeTitle } from '../../lib/i18n';
import { breadcrumbFor, matchChain } from '../../lib/routes';
import { useAccessibleRoutes } from '../use-accessible-routes';

/** B1–B5: "Dashboard / Group / Page"; a group crumb opens its first page. */
export function AppBreadcrumb() {
  useTranslation(); // re-render on language change
  const { pathname } = useLocation();
  const routes = useAccessibleRoutes();
  const crumbs = breadcrumbFor(matchChain(routes, pathname));
  return (
    <Breadcrumb
      className="app-breadcrumb"
      data-testid="breadcrumb"
      items={crumbs.map((c) => {
        const title = routeTitle(c.title) ?? c.title;
        // The title attribute is the tooltip when a narrow screen cuts the crumb short.
        return {
          key: c.path,
          title: c.to ? (
            <Link to={c.to} title={title}>
              {title}
            </Link>
          ) : (
            <span title={title}>{title}</span>
          ),
        };
      })}
    />
  );
}

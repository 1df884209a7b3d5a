import { menuAllows, parseRoleContent } from '@prepay/contracts/permissions';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { matchChain, normalizePath } from '../lib/routes';
import { loadInfo, resetSession, sessionStore } from '../lib/session';
import { useDocumentTitle } from './document-title';
import { PageLoading } from './page-loading';
import { layoutRoutes, WHITE_LIST } from './route-table';

/** The redirect parameter keeps the query too, so a bookmarked filtered list comes back whole. */
export function loginPath(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Fetches the user info once; on failure the session ends and the guard sends the user to login. */
function InfoLoader() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    let cancelled = false;
    loadInfo().catch((error: unknown) => {
      if (cancelled) return;
      const text = error instanceof Error && error.message ? error.message : t('login.hasError');
      message.error({ content: text, duration: 5 });
      resetSession();
    });
    return () => {
      cancelled = true;
    };
  }, [message, t]);
  return <PageLoading />;
}

/**
 * Spec §4, one render per navigation: no token → login (except the white list); token on /login → /;
 * no role yet → fetch info; a gated page the role does not grant → /401.
 */
export function Guard() {
  const location = useLocation();
  const signedIn = sessionStore.use((s) => s.signedIn);
  const info = sessionStore.use((s) => s.info);
  const path = normalizePath(location.pathname);
  useDocumentTitle(path);

  if (!signedIn) {
    if (WHITE_LIST.includes(path)) return <Outlet />;
    return <Navigate to={loginPath(location.pathname, location.search)} replace />;
  }
  if (path === '/login') return <Navigate to="/" replace />;
  if (!info) return <InfoLoader />;

  const keys = parseRoleContent(info.roleContent);
  const chain = matchChain(layoutRoutes, path);
  if (chain.some((r) => r.gated && !(r.name && menuAllows(keys, r.name)))) {
    return <Navigate to="/401" replace />;
  }
  return <Outlet />;
}

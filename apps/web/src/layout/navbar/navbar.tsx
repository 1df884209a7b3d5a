import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore, toggleSidebar } from '../../app/app-store';
import { LanguageSelect } from '../../components/language-select';
import { Permission } from '../../components/permission';
import { HeaderSearch } from '../header-search/header-search';
import { AppBreadcrumb } from './breadcrumb';
import { ErrorLogButton } from './error-log-button';
import { FullscreenToggle } from './fullscreen-toggle';
import { SizeSelect } from './size-select';
import { UserDropdown } from './user-dropdown';

/** Only administrators see the captured error log (spec §9 "viewable"). */
const ERROR_LOG_ROLES = ['admin'] as const;

/**
 * The 50 px top bar; on mobile only the hamburger, breadcrumb and user menu remain (L5). Memoised: the
 * shell re-renders on every navigation, the bar only where it follows the path (breadcrumb, size).
 */
export const Navbar = memo(function Navbar() {
  const { t } = useTranslation();
  const opened = appStore.use((s) => s.sidebarOpened);
  const mobile = appStore.use((s) => s.device === 'mobile');

  return (
    <div className="navbar" data-testid="navbar">
      <button
        type="button"
        className="navbar-item hamburger"
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={opened}
        data-testid="hamburger"
        onClick={toggleSidebar}
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <AppBreadcrumb />
      <div className="navbar-right">
        {!mobile && (
          <>
            <Permission roles={ERROR_LOG_ROLES}>
              <ErrorLogButton />
            </Permission>
            <HeaderSearch />
            <FullscreenToggle />
            <SizeSelect />
            <LanguageSelect className="navbar-item" />
          </>
        )}
        <UserDropdown />
      </div>
    </div>
  );
});

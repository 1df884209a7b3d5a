import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, sessionStore, switchRole } from '../../lib/session';

/** U1–U2: "<company>(<user>)" with Profile, Switch Role (when the user holds several) and Log out. */
export function UserDropdown() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const info = sessionStore.use((s) => s.info);
  if (!info) return null;

  const items: MenuProps['items'] = [
    { key: 'profile', label: <span data-testid="menu-profile">{t('navbar.profile')}</span> },
    ...(info.roles.length > 1
      ? [
          {
            key: 'switch-role',
            label: t('navbar.switchRole'),
            children: info.roles.map((r) => ({
              key: `role:${r.roleId}`,
              label: r.name,
              disabled: r.roleId === info.roleId,
            })),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="menu-logout">{t('navbar.logOut')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile/index');
    else if (key === 'logout') {
      // The request layer reports a failed logout; the user then stays signed in (G10).
      logout().catch(() => undefined);
    } else if (key.startsWith('role:')) {
      switchRole(key.slice(5))
        .then((next) => {
          void message.success(t('navbar.switchRoleSuccess', { role: next.roleName }));
          navigate('/dashboard', { replace: true });
        })
        .catch(() => undefined);
    }
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <button type="button" className="navbar-item navbar-user" data-testid="user-dropdown">
        <UserOutlined />
        <span className="navbar-user-label" title={`${info.company}(${info.userId})`}>
          {info.company}({info.userId})
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}

import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loadInfo, sessionStore } from '../../lib/session';
import { InformationForm } from './info-form';
import { PasswordForm } from './password-form';

const TABS = ['information', 'loginPassword', 'authorizationPassword'] as const;

/** Only a path of this console (never another site) is followed after the first password change. */
export function safeRedirect(target: string | null): string | null {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : null;
}

/**
 * U3: tabs Information / Login Password / Authorization Password; ?tab= opens one directly. A user
 * with a one-time password lands here from the login (?redirect= the page asked for) and goes on to it
 * once the new password is saved.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = sessionStore.use((s) => s.info);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'information';
  const redirect = safeRedirect(params.get('redirect'));
  if (!info) return null;
  const firstLogin = info.mustChangePassword;
  const changed = async () => {
    await loadInfo();
    if (firstLogin) navigate(redirect ?? '/dashboard', { replace: true });
  };

  return (
    <Card>
      {firstLogin && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="first-login"
          title={t('profile.firstLogin')}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(redirect ? { tab: key, redirect } : { tab: key }, { replace: true })}
        items={[
          { key: 'information', label: t('profile.information'), children: <InformationForm info={info} /> },
          {
            key: 'loginPassword',
            label: t('profile.loginPassword'),
            children: <PasswordForm kind="login" onChanged={() => void changed()} />,
          },
          {
            key: 'authorizationPassword',
            label: t('profile.authorizationPassword'),
            children: <PasswordForm kind="authorization" />,
          },
        ]}
      />
    </Card>
  );
}

import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sessionStore } from '../../lib/session';
import { InformationForm } from './info-form';
import { PasswordForm } from './password-form';

const TABS = ['information', 'loginPassword', 'authorizationPassword'] as const;

/** U3: tabs Information / Login Password / Authorization Password; ?tab= opens one directly. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const info = sessionStore.use((s) => s.info);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'information';
  if (!info) return null;

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'information', label: t('profile.information'), children: <InformationForm info={info} /> },
          {
            key: 'loginPassword',
            label: t('profile.loginPassword'),
            children: <PasswordForm kind="login" />,
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

import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorCard } from './error-card';

/** R4: a page the role does not grant. Back goes back, or home when told not to (noGoBack). */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const noGoBack = new URLSearchParams(location.search).has('noGoBack');
  const back = () => {
    if (noGoBack || window.history.length <= 2) navigate('/dashboard');
    else navigate(-1);
  };
  return (
    <ErrorCard
      code={401}
      headline={t('errorPages.unauthorizedHeadline')}
      info={t('errorPages.unauthorizedInfo')}
    >
      <Space>
        <Button onClick={back}>{t('errorPages.back')}</Button>
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('errorPages.backHome')}
        </Button>
      </Space>
    </ErrorCard>
  );
}

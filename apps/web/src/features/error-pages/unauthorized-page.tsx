import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import './error-pages.css';

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
    <div className="error-page" data-testid="page-401">
      <div className="error-page-card">
        <p className="error-page-code">401</p>
        <p className="error-page-oops">{t('errorPages.oops')}</p>
        <p className="error-page-headline">{t('errorPages.unauthorizedHeadline')}</p>
        <p className="error-page-info">{t('errorPages.unauthorizedInfo')}</p>
        <Space>
          <Button onClick={back}>{t('errorPages.back')}</Button>
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('errorPages.backHome')}
          </Button>
        </Space>
      </div>
    </div>
  );
}

import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './error-pages.css';

/** R3: any unknown path lands here. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page" data-testid="page-404">
      <div className="error-page-card">
        <p className="error-page-code">404</p>
        <p className="error-page-oops">{t('errorPages.oops')}</p>
        <p className="error-page-headline">{t('errorPages.notFoundHeadline')}</p>
        <p className="error-page-info">{t('errorPages.notFoundInfo')}</p>
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('errorPages.backHome')}
        </Button>
      </div>
    </div>
  );
}

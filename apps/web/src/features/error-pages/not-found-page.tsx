import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCard } from './error-card';

/** R3: any unknown path lands here. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorCard code={404} headline={t('errorPages.notFoundHeadline')} info={t('errorPages.notFoundInfo')}>
      <Button type="primary" onClick={() => navigate('/dashboard')}>
        {t('errorPages.backHome')}
      </Button>
    </ErrorCard>
  );
}

import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The "Edit" link of a grid's Actions column, the same on every list page. */
export function EditAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" type="link" data-testid="row-edit" onClick={onClick}>
      {t('listPage.edit')}
    </Button>
  );
}

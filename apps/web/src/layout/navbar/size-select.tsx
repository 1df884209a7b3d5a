import { ColumnHeightOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { appStore, SIZES, setSize } from '../../app/app-store';
import { ChoiceMenu } from '../../components/choice-menu';

/** Z1–Z3: choosing a size sets it app-wide, keeps it in a cookie and remounts the page. */
export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = appStore.use((s) => s.size);
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <ChoiceMenu
      options={SIZES}
      current={size}
      label={(s) => t(`size.${s}`)}
      testId="size"
      onChoose={(s) => {
        setSize(s);
        navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
        void message.success(t('size.switchSuccess'));
      }}
    >
      {/* A native title: an antd tooltip would sit over the opened menu. */}
      <button
        type="button"
        className="navbar-item"
        title={t('navbar.size')}
        aria-label={t('navbar.size')}
        data-testid="size-select"
      >
        <ColumnHeightOutlined />
      </button>
    </ChoiceMenu>
  );
}

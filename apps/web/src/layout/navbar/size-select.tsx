import { ColumnHeightOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { appStore, SIZES, type Size, setSize } from '../../app/app-store';

/** Z1–Z3: choosing a size sets it app-wide, keeps it in a cookie and remounts the page. */
export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = appStore.use((s) => s.size);
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [size],
        items: SIZES.map((s) => ({
          key: s,
          label: <span data-testid={`size-${s}`}>{t(`size.${s}`)}</span>,
          disabled: s === size,
        })),
        onClick: ({ key }) => {
          setSize(key as Size);
          navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
          void message.success(t('size.switchSuccess'));
        },
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
    </Dropdown>
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_LABELS, LANGUAGES, setLanguage } from '../lib/i18n';

/** LG1–LG2: English, 中文, Español; the current one is disabled; the choice is kept in a cookie. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span data-testid={`language-${lang}`}>{LANGUAGE_LABELS[lang]}</span>,
          disabled: lang === current,
        })),
        onClick: ({ key }) => {
          void setLanguage(key as (typeof LANGUAGES)[number]);
          void message.success(t('language.switchSuccess'));
        },
      }}
    >
      <button
        type="button"
        className={className}
        aria-label={t('navbar.language')}
        data-testid="language-select"
      >
        <TranslationOutlined />
      </button>
    </Dropdown>
  );
}

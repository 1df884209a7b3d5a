import { TranslationOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_LABELS, LANGUAGES, setLanguage } from '../lib/i18n';
import { ChoiceMenu } from './choice-menu';

/** LG1–LG2: English, 中文, Español; the current one is disabled; the choice is kept in a cookie. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = currentLanguage();
  return (
    <ChoiceMenu
      options={LANGUAGES}
      current={current}
      label={(lang) => LANGUAGE_LABELS[lang]}
      testId="language"
      onChoose={(lang) => {
        void setLanguage(lang);
        void message.success(t('language.switchSuccess'));
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
    </ChoiceMenu>
  );
}

import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_LABELS, LANGUAGES, setLanguage } from '../../lib/i18n';

/**
 * The login card's language switch: plain buttons rather than the navbar's dropdown, which would add
 * antd's menu and popup code to the page every visitor loads first.
 */
export function LoginLanguage() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <nav className="login-language" aria-label={t('login.language')} data-testid="login-language">
      <TranslationOutlined aria-hidden />
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === current}
          disabled={lang === current}
          data-testid={`login-language-${lang}`}
          onClick={() => void setLanguage(lang)}
        >
          {LANGUAGE_LABELS[lang]}
        </button>
      ))}
    </nav>
  );
}

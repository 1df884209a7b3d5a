import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { currentLanguage, i18n, type Language } from './i18n';

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es' };

/**
 * Dates (pickers, formats) follow the console's language. Kept out of lib/i18n so the login page,
 * which shows no date, does not load dayjs and its packs; the layout and the date helpers
 * import this module.
 */
const follow = () => dayjs.locale(DAYJS_LOCALE[currentLanguage()]);
follow();
i18n.on('languageChanged', follow);

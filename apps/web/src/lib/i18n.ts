import 'dayjs/locale/es';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import es from '../locales/es';
import zh from '../locales/zh';
import { COOKIE, getCookie, setCookie } from './cookies';

export const LANGUAGES = ['en', 'zh', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Labels are in the language itself, so a user can always find their own. */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español' };

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es' };

const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** Spec §9: cookie `language`, then the browser language, then English. */
export function initialLanguage(): Language {
  const fromCookie = getCookie(COOKIE.language);
  if (isLanguage(fromCookie)) return fromCookie;
  const browser = (typeof navigator !== 'undefined' ? navigator.language : '').toLowerCase().slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export const i18n: I18n = i18next.createInstance();
const lng = initialLanguage();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh }, es: { translation: es } },
  lng,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
dayjs.locale(DAYJS_LOCALE[lng]);
document.documentElement.lang = lng;

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export function setLanguage(language: Language) {
  setCookie(COOKIE.language, language, 365);
  dayjs.locale(DAYJS_LOCALE[language]);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

/** Translates a route title key, or undefined when the pack has none (never shows a raw key). */
export function routeTitle(key: string | undefined): string | undefined {
  if (!key) return undefined;
  const full = `route.${key}`;
  return i18n.exists(full) ? i18n.t(full) : undefined;
}

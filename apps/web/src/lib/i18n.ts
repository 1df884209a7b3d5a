import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { COOKIE, getCookie, setCookie } from './cookies';

export const LANGUAGES = ['en', 'zh', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Labels are in the language itself, so a user can always find their own. */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español' };

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
  // English is built in (the fallback); the other packs load on demand, so the login page carries one.
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Adds a feature's catalogue (its locales/{en,zh,es}.json) to the shared instance, deep-merged so catalogues
 * never clobber each other. The type asks zh and es for every key en has; locales.test.ts checks the rest.
 */
export function registerCatalogue<T extends object>(catalogue: { en: T } & Record<'zh' | 'es', NoInfer<T>>) {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, 'translation', catalogue[language], true, true);
  }
}

/** antd's own texts (pager, pickers, empty states) per language, next to ours. */
const antdLocales: Partial<Record<Language, AntdLocale>> = { en: enUS };
const packs: Partial<Record<Language, Promise<void>>> = { en: Promise.resolve() };
const PACK_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<[Record<string, unknown>, AntdLocale]>> = {
  zh: () =>
    Promise.all([import('../locales/zh.json'), import('antd/es/locale/zh_CN')]).then(([a, b]) => [
      a.default,
      b.default,
    ]),
  es: () =>
    Promise.all([import('../locales/es.json'), import('antd/es/locale/es_ES')]).then(([a, b]) => [
      a.default,
      b.default,
    ]),
};

/** Loads a language's packs once; feature packs already added for it are kept. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  packs[language] ??= PACK_LOADERS[language]().then(
    ([pack, antd]) => {
      i18n.addResourceBundle(language, 'translation', pack, true, false);
      antdLocales[language] = antd;
    },
    (error: unknown) => {
      packs[language] = undefined;
      throw error;
    },
  );
  return packs[language];
}

export function antdLocale(language: string): AntdLocale {
  return antdLocales[language as Language] ?? enUS;
}

/** Resolves once the starting language can be shown (the app renders after it, in English on failure). */
export const languageReady: Promise<void> = loadLanguage(lng).catch(() => undefined);
document.documentElement.lang = lng;

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches once the language's pack is here, so no text flickers through English. */
export async function setLanguage(language: Language): Promise<void> {
  setCookie(COOKIE.language, language, 365);
  await loadLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/** Translates a route title key, or undefined when the pack has none (never shows a raw key). */
export function routeTitle(key: string | undefined): string | undefined {
  if (!key) return undefined;
  const full = `route.${key}`;
  return i18n.exists(full) ? i18n.t(full) : undefined;
}

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Strings of the vending pages (Token Generate and Token Record), registered lazily with them. */
registerCatalogue({ en, zh, es });

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Mobile-money payments and the SMS log. */
registerCatalogue({ en, zh, es });

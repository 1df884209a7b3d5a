import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Key change campaigns (Setting). */
registerCatalogue({ en, zh, es });

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Report labels (original-api.md §9 and §16.9). */
registerCatalogue({ en, zh, es });

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Dashboard panels and charts (original-api.md §10, §16.3); merged into the shell's `dashboard.*`. */
registerCatalogue({ en, zh, es });

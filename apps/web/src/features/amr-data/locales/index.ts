import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Interval data labels (original-api.md §9). */
registerCatalogue({ en, zh, es });

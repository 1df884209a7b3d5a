import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Interval data labels. */
registerCatalogue({ en, zh, es });

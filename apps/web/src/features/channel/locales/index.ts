import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Channel pages (vendors, channel transactions, reconciliation). */
registerCatalogue({ en, zh, es });

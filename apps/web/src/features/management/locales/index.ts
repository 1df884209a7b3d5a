import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Management pages (meters, customers, accounts, tariffs, debts, gateways). */
registerCatalogue({ en, zh, es });

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Strings of the vending office (keyboard vending, receipts, cash-up), merged under `vending.office`. */
registerCatalogue({ en, zh, es });

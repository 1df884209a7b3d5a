import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Strings of Remote Operation and Remote Operation Task, registered lazily with their pages. */
registerCatalogue({ en, zh, es });

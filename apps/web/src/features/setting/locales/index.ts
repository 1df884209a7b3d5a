import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Setting pages (stations, users, roles, items, images, logs). */
registerCatalogue({ en, zh, es });

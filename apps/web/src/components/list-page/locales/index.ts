import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Strings of the list-page pattern and its dialogs (registered once, lazily, with the pages). */
registerCatalogue({ en, zh, es });

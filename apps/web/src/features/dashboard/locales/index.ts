import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Dashboard panels and charts; merged into the shell's `dashboard.*`. */
registerCatalogue({ en, zh, es });

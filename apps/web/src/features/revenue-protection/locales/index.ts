import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Revenue protection pages (feeders, transformers). */
registerCatalogue({ en, zh, es });

import { registerCatalogue } from '../../../lib/i18n';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** Load profile, meter events, firmware upgrades and GPRS online status. */
registerCatalogue({ en, zh, es });

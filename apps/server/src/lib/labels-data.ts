import type { ExportLanguage } from '@prepay/contracts';
import { z } from 'zod';
import en from './labels/en.json' with { type: 'json' };
import es from './labels/es.json' with { type: 'json' };
import zh from './labels/zh.json' with { type: 'json' };

/**
 * Column titles and coded values of the master-data sheets, the reports, the AMR data and the remote
 * task lists, as the console shows them. export-labels.ts reads these after its own.
 * They are data: one catalogue per language (labels/<lang>.json), checked here at load; a test holds
 * en, zh and es to the same keys. The console's own copies of these words could be read from the same
 * files once they move to a package both import.
 */
type Dict = Record<string, string>;

const Catalogue = z.object({
  headers: z.record(z.string(), z.string().min(1)),
  /** Coded values by dictionary: the code (as text) to the word the console shows. */
  values: z.record(z.string(), z.record(z.string(), z.string().min(1))),
});
export type LabelCatalogue = z.infer<typeof Catalogue>;

export const LABEL_CATALOGUES: Record<ExportLanguage, LabelCatalogue> = {
  en: Catalogue.parse(en),
  zh: Catalogue.parse(zh),
  es: Catalogue.parse(es),
};

export const DATA_HEADERS: Record<ExportLanguage, Dict> = {
  en: LABEL_CATALOGUES.en.headers,
  zh: LABEL_CATALOGUES.zh.headers,
  es: LABEL_CATALOGUES.es.headers,
};

export const DATA_VALUES: Record<ExportLanguage, Record<string, Dict>> = {
  en: LABEL_CATALOGUES.en.values,
  zh: LABEL_CATALOGUES.zh.values,
  es: LABEL_CATALOGUES.es.values,
};

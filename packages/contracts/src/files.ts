/** Import files: xls/xlsx by name, xlsx (zip) by content, at most 5 MB (spec §5, §9). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Images: PNG only, at most 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const DUPLICATE_LINES = 'The imported file has duplicate lines';

/** Modules whose grid offers Import (file), Import Template and Export. */
export const FILE_MODULES = [
  'gateway',
  'meter',
  'customer',
  'tariff',
  'debt',
  'account',
  'item',
  'feeder',
  'transformer',
] as const;
export type FileModule = (typeof FILE_MODULES)[number];

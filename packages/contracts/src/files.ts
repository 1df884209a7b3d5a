/** Import files: xls/xlsx by name, xlsx (zip) by content, at most 5 MB (spec §5, §9). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Images: PNG only, at most 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const DUPLICATE_LINES = 'The imported file has duplicate lines';

/** Modules whose grid offers Import (file), Import Template and Export. */
export const FILE_MODULES = ['gateway', 'meter', 'customer', 'tariff', 'debt', 'account', 'item'] as const;
export type FileModule = (typeof FILE_MODULES)[number];

/**
 * The spreadsheet endpoints of a module (all POST, same permission as the module's writes/reads):
 * - importFile: multipart/form-data with one file field "file" (.xlsx; ≤ 5 MB) → the envelope with the
 *   imported rows (as /import answers), or code ≠ 0 and a reason listing every bad row
 *   ("Row 3: meterId: Required"); nothing is written unless every row is good.
 * - template: no body → an .xlsx with the header row (the import's column names) and one example row.
 * - export: the module's read body (paging ignored) → an .xlsx of every matching row.
 * Binary answers carry Content-Disposition with the file name; failures are JSON envelopes.
 */
export function fileRoutes(module: FileModule) {
  return {
    importFile: `/api/${module}/importFile`,
    template: `/api/${module}/template`,
    export: `/api/${module}/export`,
  } as const;
}

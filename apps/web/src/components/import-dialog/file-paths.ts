import { fileRoutes, IMPORT_MAX_BYTES } from '@prepay/contracts';

export { IMPORT_MAX_BYTES };

/**
 * The file endpoints of a module, as the server registers them (contracts' fileRoutes): the template
 * and the export answer an xlsx; the import takes one multipart file and is all-or-nothing.
 */
export const filePaths = fileRoutes;

export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'];

/** Spec §5: only xls/xlsx, at most 5 MB. Returns the locale key of the problem, or null. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'importDialog.wrongType';
  if (file.size > IMPORT_MAX_BYTES) return 'importDialog.tooLarge';
  return null;
}

/**
 * The server lists every bad row in the reason ("Nothing was imported. Row 3, column "Meter Type": …;
 * Row 7: …" or one per line); split it so the dialog shows one line per row. The lead "Nothing was
 * imported" is left out: the dialog's title says it already.
 */
export function reasonLines(reason: string): string[] {
  return reason
    .split(/\r?\n|;\s*(?=Row\s+\d+)|\.\s+(?=Row\s+\d+[,:])/i)
    .map((s) => s.trim())
    .filter((s) => s && !/^nothing was imported\.?$/i.test(s));
}

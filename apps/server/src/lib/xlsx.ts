import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  DEFAULT_SHEET_LIMITS,
  readFirstSheetBounded,
  SheetLimitError,
  type SheetLimits,
  type SheetRow,
} from './xlsx-reader.js';

/**
 * Spreadsheet import/export (never SheetJS "xlsx" from npm). Reading goes through the bounded reader in
 * xlsx-reader.ts; writing streams rows into the HTTP answer with exceljs.
 */

export class SpreadsheetError extends Error {}

/**
 * exceljs is large (about half a second of a core to load): loaded with the first workbook written,
 * not by every process, test or import that never writes one.
 */
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => {
  excel ??= import('exceljs').then((m) => m.default);
  return excel;
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: the old binary (BIFF) .xls format. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buf: Buffer, sig: number[]) =>
  buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** By name AND content: .xls/.xlsx only; an xlsx is a zip; a real BIFF .xls is named as such. */
export function assertWorkbookFile(fileName: string, buf: Buffer): void {
  if (!/\.(xlsx|xls)$/i.test(fileName.trim())) {
    throw new SpreadsheetError(`Only .xls or .xlsx files can be imported ("${fileName}" is neither)`);
  }
  if (buf.length === 0) throw new SpreadsheetError('The file is empty');
  if (startsWith(buf, OLE)) {
    throw new SpreadsheetError(
      'This is an Excel 97–2003 (.xls) workbook, which cannot be read: open it in Excel and save it as .xlsx, then import that file',
    );
  }
  if (!startsWith(buf, ZIP)) {
    throw new SpreadsheetError(
      'The file is not an Excel workbook (an .xlsx file is a zip archive; this one is not)',
    );
  }
}

export type { CellValue, SheetRow } from './xlsx-reader.js';

/**
 * The first worksheet's non-empty rows (values indexed from column A = 0). Read by the bounded reader:
 * rows, columns, cells, shared strings, uncompressed size and time are checked before anything is kept.
 */
export async function readFirstSheet(
  buf: Buffer,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<SheetRow[]> {
  try {
    return await readFirstSheetBounded(buf, limits);
  } catch (e) {
    if (e instanceof SheetLimitError) throw new SpreadsheetError(e.message);
    throw new SpreadsheetError(
      'The file is damaged or is not a valid .xlsx workbook (it cannot be unzipped and read)',
    );
  }
}

/** Text a spreadsheet would run as a formula (or a DDE call) when it starts with one of these. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * CSV/formula injection (OWASP): a text cell that starts like a formula gets a leading apostrophe, so
 * Excel shows it as text. Numbers and dates are typed cells and never run.
 */
export function neutraliseCell(v: unknown): unknown {
  return typeof v === 'string' && FORMULA_LEAD.test(v) ? `'${v}` : v;
}

/** Undoes neutraliseCell on import, so an export re-imports to the same text. */
export function unneutraliseCell(v: string): string {
  return v.startsWith("'") && FORMULA_LEAD.test(v.slice(1)) ? v.slice(1) : v;
}

export interface SheetColumn {
  key: string;
  header?: string;
  width?: number;
  /** Excel number format of the column, e.g. '0.00' for money. */
  numFmt?: string;
}

/**
 * Streams a one-sheet workbook: returns the stream to send at once, and a writer that feeds rows into
 * it (call `end()` when done; `fail(e)` aborts the download).
 */
export async function workbookStream(sheetName: string, columns: SheetColumn[]) {
  const ExcelJS = await loadExcel();
  const stream = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({
    key: c.key,
    header: c.header ?? c.key,
    width: c.width ?? Math.max(12, (c.header ?? c.key).length + 2),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return {
    stream,
    add(row: Record<string, unknown>) {
      const safe = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutraliseCell(v)]));
      ws.addRow(safe).commit();
    },
    /** A second sheet with notes (for templates). */
    async end(notes?: { title: string; rows: string[][] }) {
      ws.commit();
      if (notes) {
        const n = wb.addWorksheet(notes.title);
        for (const r of notes.rows) n.addRow(r).commit();
        n.commit();
      }
      await wb.commit();
    },
    fail(e: Error) {
      stream.destroy(e);
    },
  };
}

export interface SheetContent {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
  /** The last row is a total: set in bold. */
  totalLast?: boolean;
}

/** A small workbook of several sheets, built in memory (a summary, never a whole table: those stream). */
export async function workbookBuffer(sheets: SheetContent[]): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name);
    sheet.columns = s.columns.map((c) => ({
      key: c.key,
      header: c.header ?? c.key,
      width: c.width ?? Math.max(12, (c.header ?? c.key).length + 4),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) {
      sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutraliseCell(v)])));
    }
    if (s.totalLast && s.rows.length) sheet.getRow(s.rows.length + 1).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

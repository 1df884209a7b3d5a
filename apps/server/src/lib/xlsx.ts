import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Spreadsheet import/export with exceljs (never SheetJS "xlsx" from npm). Reading streams the
 * workbook; writing streams rows into the HTTP answer.
 */

export class SpreadsheetError extends Error {}

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

export type CellValue = string | number | boolean | Date | null;

function plain(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return plain(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

export interface SheetRow {
  /** The row number as Excel shows it (1-based). */
  rowNumber: number;
  values: CellValue[];
}

/** The first worksheet's non-empty rows (values indexed from column A = 0). */
export async function readFirstSheet(buf: Buffer, maxRows = 100_000): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number.
    styles: 'cache',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = ((row.values as ExcelJS.CellValue[]) ?? []).slice(1).map(plain);
        if (values.every((v) => v === null || v === '')) continue;
        rows.push({ rowNumber: row.number, values });
        if (rows.length > maxRows) throw new SpreadsheetError(`The file has more than ${maxRows} rows`);
      }
      break;
    }
  } catch (e) {
    if (e instanceof SpreadsheetError) throw e;
    throw new SpreadsheetError(
      'The file is damaged or is not a valid .xlsx workbook (it cannot be unzipped and read)',
    );
  }
  return rows;
}

export interface SheetColumn {
  key: string;
  header?: string;
  width?: number;
}

/**
 * Streams a one-sheet workbook: returns the stream to send at once, and a writer that feeds rows into
 * it (call `end()` when done; `fail(e)` aborts the download).
 */
export function workbookStream(sheetName: string, columns: SheetColumn[]) {
  const stream = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({
    key: c.key,
    header: c.header ?? c.key,
    width: c.width ?? Math.max(12, (c.header ?? c.key).length + 2),
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return {
    stream,
    add(row: Record<string, unknown>) {
      ws.addRow(row).commit();
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

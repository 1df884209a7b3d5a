import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fromExcelSerial } from './dates.js';

/**
 * A bounded .xlsx reader for imports. A workbook is a zip of XML parts; every part is inflated as a
 * stream and parsed by a SAX parser, and each limit (uncompressed bytes, rows, columns, cells, shared
 * strings, time) is checked on the element that would cross it — before a row or string is kept — so
 * a 9 KB "bomb" is refused after a few KB of XML instead of filling memory. The zip's central directory
 * is the only index used, so what is checked is exactly what is read.
 */

export class SheetLimitError extends Error {}
export class SheetFormatError extends Error {}

export interface SheetLimits {
  /** Rows in the sheet (every <row> element, empty ones included). */
  rows: number;
  /** Columns: a cell right of this column is refused (100 = column CV). */
  columns: number;
  cells: number;
  sharedStrings: number;
  /** Sum of the inflated sizes of the parts read. */
  uncompressedBytes: number;
  timeBudgetMs: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  rows: 100_001,
  columns: 100,
  cells: 1_000_000,
  sharedStrings: 500_000,
  uncompressedBytes: 100 * 1024 * 1024,
  timeBudgetMs: 20_000,
};

export type CellValue = string | number | boolean | Date | null;
export interface SheetRow {
  rowNumber: number;
  values: CellValue[];
}

const EXCEL_MAX_ROW = 1_048_576;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  dataStart: number;
}

function readCentralDirectory(buf: Buffer): Map<string, ZipEntry> {
  const damaged = () => new SheetFormatError('no zip directory');
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw damaged();
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw damaged();
    entries.set(name.replace(/^\//, ''), {
      name,
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      dataStart: local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Shared by every part of one read: the byte and time budgets are for the whole workbook. */
class Budget {
  private bytes = 0;
  private readonly started = Date.now();
  constructor(readonly limits: SheetLimits) {}
  addBytes(n: number) {
    this.bytes += n;
    if (this.bytes > this.limits.uncompressedBytes) {
      throw new SheetLimitError(
        `The workbook unpacks to more than ${this.limits.uncompressedBytes / 1024 / 1024} MB (the uncompressed size limit for one import)`,
      );
    }
  }
  checkTime() {
    if (Date.now() - this.started > this.limits.timeBudgetMs) {
      throw new SheetLimitError(
        `Reading the workbook took longer than ${this.limits.timeBudgetMs / 1000} s (the time limit for one import)`,
      );
    }
  }
}

/** Inflates one part chunk by chunk into a SAX parser; the handlers may throw to stop at once. */
async function parsePart(
  buf: Buffer,
  entry: ZipEntry,
  budget: Budget,
  on: { open?(tag: SaxesTagPlain): void; text?(t: string): void; close?(name: string): void },
): Promise<void> {
  if (entry.method !== 0 && entry.method !== 8) throw new SheetFormatError('unsupported compression');
  budget.addBytes(0);
  const parser = new SaxesParser();
  let failure: unknown = null;
  parser.on('error', (e) => {
    failure ??= new SheetFormatError(e.message);
  });
  if (on.open) parser.on('opentag', on.open);
  if (on.text) parser.on('text', on.text);
  if (on.close) parser.on('closetag', (t) => on.close?.(t.name));
  const raw = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const feed = (chunk: Buffer) => {
    budget.addBytes(chunk.length);
    budget.checkTime();
    parser.write(chunk.toString('utf8'));
    if (failure) throw failure;
  };
  if (entry.method === 0) {
    for (let i = 0; i < raw.length; i += 65_536) feed(raw.subarray(i, i + 65_536));
  } else {
    const inflate = createInflateRaw();
    inflate.end(raw);
    try {
      for await (const chunk of inflate) feed(chunk as Buffer);
    } catch (e) {
      inflate.destroy();
      if (e instanceof SheetLimitError || e instanceof SheetFormatError) throw e;
      throw new SheetFormatError('the part cannot be inflated');
    }
  }
  parser.close();
  if (failure) throw failure;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A number format shows a date when it has date/time letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*\]|"[^"]*"|\\./g, ''));

async function readStyles(buf: Buffer, entries: Map<string, ZipEntry>, budget: Budget): Promise<boolean[]> {
  const entry = entries.get('xl/styles.xml');
  if (!entry) return [];
  const custom = new Map<number, boolean>();
  const dateStyle: boolean[] = [];
  let inCellXfs = false;
  await parsePart(buf, entry, budget, {
    open(tag) {
      if (tag.name === 'numFmt')
        custom.set(Number(tag.attributes.numFmtId), isDateFormat(tag.attributes.formatCode ?? ''));
      else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs) {
        if (dateStyle.length >= budget.limits.cells)
          throw new SheetLimitError('The workbook has too many cell styles');
        const id = Number(tag.attributes.numFmtId ?? 0);
        dateStyle.push(custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dateStyle;
}

async function readSharedStrings(
  buf: Buffer,
  entries: Map<string, ZipEntry>,
  budget: Budget,
): Promise<string[]> {
  const entry = entries.get('xl/sharedStrings.xml');
  if (!entry) return [];
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parsePart(buf, entry, budget, {
    open(tag) {
      if (tag.name === 'si') {
        if (strings.length >= budget.limits.sharedStrings) {
          throw new SheetLimitError(
            `The workbook has more than ${budget.limits.sharedStrings} shared strings (the limit for one import)`,
          );
        }
        current = '';
      } else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't') inText = phonetic === 0;
    },
    text(t) {
      if (inText && current !== null) current += t;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    },
  });
  return strings;
}

/** The first sheet in the workbook's order (workbook.xml + its relationships), else the lowest-numbered. */
async function firstSheetPath(buf: Buffer, entries: Map<string, ZipEntry>, budget: Budget) {
  let rid: string | undefined;
  let date1904 = false;
  const wb = entries.get('xl/workbook.xml');
  if (wb) {
    await parsePart(buf, wb, budget, {
      open(tag) {
        if (tag.name === 'sheet' && rid === undefined) rid = tag.attributes['r:id'];
        if (tag.name === 'workbookPr') date1904 = /^(1|true)$/.test(tag.attributes.date1904 ?? '');
      },
    });
  }
  let target: string | undefined;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rid && rels) {
    await parsePart(buf, rels, budget, {
      open(tag) {
        if (tag.name === 'Relationship' && tag.attributes.Id === rid) target = tag.attributes.Target;
      },
    });
  }
  const fromRels = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined;
  const sheets = [...entries.keys()]
    .filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const path = fromRels && entries.has(fromRels) ? fromRels : sheets[0];
  return { path, date1904 };
}

const columnName = (index: number) => {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** Column index (A = 0) of a cell reference such as "XFD60000"; -1 when there is none. */
function columnOf(ref: string | undefined): number {
  const m = ref ? /^([A-Z]{1,3})\d*$/i.exec(ref) : null;
  if (!m?.[1]) return -1;
  let n = 0;
  for (const ch of m[1].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

interface PendingCell {
  column: number;
  type: string;
  style: number;
  text: string;
  hasValue: boolean;
}

function cellValue(c: PendingCell, strings: string[], dateStyle: boolean[], date1904: boolean): CellValue {
  if (!c.hasValue) return null;
  switch (c.type) {
    case 's':
      return strings[Number(c.text)] ?? null;
    case 'inlineStr':
    case 'str':
      return c.text;
    case 'b':
      return c.text.trim() === '1';
    case 'e':
      return null;
    default: {
      const n = Number(c.text);
      if (c.text.trim() === '' || !Number.isFinite(n)) return c.text;
      if (dateStyle[c.style]) return fromExcelSerial(n, date1904);
      return n;
    }
  }
}

/** The first worksheet's non-empty rows (values indexed from column A = 0), within the limits. */
export async function readFirstSheetBounded(
  buf: Buffer,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<SheetRow[]> {
  const budget = new Budget(limits);
  const entries = readCentralDirectory(buf);
  for (const e of entries.values()) {
    if (e.uncompressedSize > limits.uncompressedBytes) budget.addBytes(e.uncompressedSize);
  }
  const { path, date1904 } = await firstSheetPath(buf, entries, budget);
  const sheet = path ? entries.get(path) : undefined;
  if (!sheet) throw new SheetFormatError('no worksheet');
  const strings = await readSharedStrings(buf, entries, budget);
  const dateStyle = await readStyles(buf, entries, budget);

  const rows: SheetRow[] = [];
  let rowCount = 0;
  let cellCount = 0;
  let rowNumber = 0;
  let values: CellValue[] | null = null;
  let cell: PendingCell | null = null;
  let inValue = false;
  await parsePart(buf, sheet, budget, {
    open(tag) {
      if (tag.name === 'row') {
        if (++rowCount > limits.rows) {
          throw new SheetLimitError(
            `The sheet has more than ${limits.rows - 1} rows (the row limit for one import)`,
          );
        }
        const r = tag.attributes.r === undefined ? rowNumber + 1 : Number(tag.attributes.r);
        if (!Number.isInteger(r) || r < 1 || r > EXCEL_MAX_ROW) throw new SheetFormatError('bad row number');
        rowNumber = r;
        values = [];
      } else if (tag.name === 'c' && values) {
        if (++cellCount > limits.cells) {
          throw new SheetLimitError(
            `The sheet has more than ${limits.cells} cells (the cell limit for one import)`,
          );
        }
        const ref = tag.attributes.r;
        const column = ref === undefined ? values.length : columnOf(ref);
        if (column < 0) throw new SheetFormatError('bad cell reference');
        if (column >= limits.columns) {
          throw new SheetLimitError(
            `Cell ${ref ?? columnName(column)} is beyond column ${columnName(limits.columns - 1)} (an import reads at most ${limits.columns} columns)`,
          );
        }
        cell = {
          column,
          type: tag.attributes.t ?? 'n',
          style: Number(tag.attributes.s ?? 0),
          text: '',
          hasValue: false,
        };
      } else if (cell && (tag.name === 'v' || (tag.name === 't' && cell.type === 'inlineStr'))) {
        inValue = true;
        cell.hasValue = true;
      }
    },
    text(t) {
      if (inValue && cell) cell.text += t;
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && cell && values) {
        values[cell.column] = cellValue(cell, strings, dateStyle, date1904);
        cell = null;
      } else if (name === 'row' && values) {
        const filled = Array.from(values, (v) => v ?? null);
        if (filled.some((v) => v !== null && v !== '')) rows.push({ rowNumber, values: filled });
        values = null;
      }
    },
  });
  return rows;
}

import type { ExportLanguage } from '@prepay/contracts';
import { DUPLICATE_LINES } from '@prepay/contracts';
import { type IssueLike, plainMessage } from '../../http/plain-issues.js';
import { fromExcelSerial } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import { acceptedValues, type CodeNames, codeOf, headerOf } from '../../lib/export-labels.js';
import { nestsTooDeep } from '../../lib/json-depth.js';
import { type CellValue, readFirstSheet, unneutraliseCell } from '../../lib/xlsx.js';
import type { Dictionaries } from './dictionaries.js';
import type { ColumnKind, ImportColumn, SheetModule } from './sheets.js';

/** Header text compared without case, spaces, underscores and brackets ("Base Year (New)" = "baseYearNew"). */
const norm = (s: string) => s.toLowerCase().replace(/[\s_()（）\-.]/g, '');
const LANGS: ExportLanguage[] = ['en', 'zh', 'es'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Excel dates carry no zone: exceljs gives the wall-clock time in the UTC fields. */
const excelDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;

function parseSteps(text: string): unknown {
  const t = text.trim();
  // A cell nested deeper than steps ever are stays text, for the schema to refuse: parsed, it would
  // overflow the stack of the walks after it (the duplicate check's JSON.stringify, validation).
  if (t.startsWith('[') && !nestsTooDeep(t)) {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }
  return t
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const [, start, end, price] = /^([\d.]+)\s*-\s*([\d.]*)\s*:\s*([\d.]+)$/.exec(part) ?? [];
      if (start === undefined || price === undefined) return { start: part, price: '' };
      return { start, end: end || null, price };
    });
}

/**
 * One cell to the value the body schema expects; anything odd is passed on for the schema to name. A
 * coded column (`names`: its dictionary) takes the code or its name in any of the dictionary's languages.
 */
export function cellToField(v: CellValue, kind: ColumnKind, names?: CodeNames): unknown {
  if (v === null || v === '') return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  if (typeof v === 'string') v = unneutraliseCell(v);
  if (names && typeof v === 'string') {
    const code = codeOf(names, v);
    if (code !== undefined) v = code;
  }
  switch (kind) {
    case 'text':
      return v instanceof Date ? excelDate(v) : String(v).trim();
    case 'int':
    case 'number':
      if (typeof v === 'number') return v;
      if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
      return v;
    case 'money':
      return typeof v === 'number' ? String(v) : String(v).trim();
    case 'date':
      if (v instanceof Date) return excelDate(v);
      // A date cell without its style is the Excel serial day number (days since 1899-12-30).
      if (typeof v === 'number') return excelDate(fromExcelSerial(v));
      return String(v).trim();
    case 'steps':
      return parseSteps(String(v));
    case 'digits6':
      return typeof v === 'number' ? String(v).padStart(6, '0') : String(v).trim();
    case 'digits2':
      return typeof v === 'number' ? String(v).padStart(2, '0') : String(v).trim();
  }
}

export interface ParsedImport {
  rows: unknown[];
  labels: string[];
}

/** A column as the template and the console name it: "Customer Id" (customerId). */
function columnName(c: ImportColumn): string {
  const title = headerOf('en', c.titles?.[0] ?? c.key);
  return title === c.key ? `"${c.key}"` : `"${title}" (${c.key})`;
}

/** Every name a column is known by: its key and the titles the console shows, in each language. */
function namesOf(c: ImportColumn): string[] {
  const titles = c.titles ?? [c.key];
  return [c.key, ...titles.flatMap((t) => LANGS.map((l) => headerOf(l, t)))].map(norm);
}

/** The file's columns: each header cell to the module column it names (by key or by title). */
function mapHeader(values: CellValue[], mod: SheetModule) {
  const byName = new Map<string, ImportColumn>();
  for (const c of mod.columns) for (const n of namesOf(c)) if (!byName.has(n)) byName.set(n, c);
  const mapping = values.map((h) => (h === null ? undefined : byName.get(norm(String(h)))));
  const titles = new Map<string, string>();
  mapping.forEach((c, i) => {
    if (c && !titles.has(c.key)) titles.set(c.key, String(values[i]).trim());
  });
  return { mapping, titles };
}

/**
 * A row's problem as a sentence naming the row, the column as titled in the file and, for a coded
 * column, the values it accepts; each column of a row is named once.
 */
function rowProblems(
  rowNumber: number,
  issues: readonly IssueLike[],
  mod: SheetModule,
  titles: Map<string, string>,
  raw: Record<string, unknown>,
  dicts: Dictionaries,
): string[] {
  const named = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (named.has(key)) continue;
    named.add(key);
    const col = mod.columns.find((c) => c.key === key);
    if (!col) {
      out.push(`Row ${rowNumber}: ${plainMessage(issue)}`);
      continue;
    }
    const title = titles.get(key) ?? headerOf('en', col.titles?.[0] ?? key);
    const names = col.values ? dicts.get(col.values) : undefined;
    // A dictionary with no entries yet (an empty item type) has nothing to list: the schema's word stands.
    const message =
      names && Object.keys(names).length && raw[key] !== undefined
        ? `"${String(raw[key])}" is not accepted; accepted values: ${acceptedValues(names)}`
        : plainMessage(issue);
    out.push(`Row ${rowNumber}, column "${title}": ${message}`);
  }
  return out;
}

/**
 * Reads the file into body rows: the first row names the columns (the template's names or the titles
 * the console shows, in any of its languages; case, spaces and underscores do not matter; unknown
 * columns are ignored, so an export can be re-imported). Every bad cell, every repeated line and every
 * repeated key is reported with its row number. Coded columns read their names from `dicts`
 * (loadDictionaries, before the file is read).
 */
export async function parseImportFile(
  buf: Buffer,
  mod: SheetModule,
  dicts: Dictionaries,
): Promise<ParsedImport> {
  const sheet = await readFirstSheet(buf);
  const [header, ...data] = sheet;
  if (!header) throw refuse('The file is empty: download the import template and fill in its rows');
  const { mapping, titles } = mapHeader(header.values, mod);
  const required = mod.columns.filter((c) => /\(required/.test(c.note));
  const missing = required.filter((c) => !mapping.includes(c));
  if (missing.length) {
    throw refuse(
      `The file has no column ${missing.map(columnName).join(', ')} in its first row: use the import template`,
    );
  }
  if (!data.length) throw refuse('The file has no rows to import (only the header row)');

  const problems: string[] = [];
  const rows: unknown[] = [];
  const labels: string[] = [];
  const seenLine = new Map<string, number>();
  const seenKey = new Map<string, number>();
  const duplicates: string[] = [];
  const keyTitle = titles.get(mod.columns[0]?.key ?? '') ?? mod.columns[0]?.key ?? 'key';
  for (const r of data) {
    const obj: Record<string, unknown> = {};
    mapping.forEach((col, i) => {
      if (!col) return;
      const v = cellToField(r.values[i] ?? null, col.kind, col.values ? dicts.get(col.values) : undefined);
      if (v !== undefined) obj[col.key] = v;
    });
    const line = JSON.stringify(obj);
    const key = mod.keyOf(obj).toLowerCase();
    const sameLine = seenLine.get(line);
    const sameKey = seenKey.get(key);
    if (sameLine !== undefined) duplicates.push(`row ${r.rowNumber} repeats row ${sameLine}`);
    else if (sameKey !== undefined && key !== '') {
      duplicates.push(`row ${r.rowNumber} has the same ${keyTitle} as row ${sameKey} (${mod.keyOf(obj)})`);
    }
    seenLine.set(line, seenLine.get(line) ?? r.rowNumber);
    if (key !== '') seenKey.set(key, seenKey.get(key) ?? r.rowNumber);
    const parsed = mod.rowSchema.safeParse(obj);
    if (!parsed.success) {
      problems.push(...rowProblems(r.rowNumber, parsed.error.issues, mod, titles, obj, dicts));
      continue;
    }
    rows.push(parsed.data);
    labels.push(`row ${r.rowNumber}`);
  }
  if (duplicates.length) {
    throw refuse(`${DUPLICATE_LINES}: ${duplicates.slice(0, 50).join('; ')}. Nothing was imported`);
  }
  if (problems.length) {
    const shown = problems.slice(0, 50);
    const more = problems.length > shown.length ? `; … and ${problems.length - shown.length} more` : '';
    throw refuse(`Nothing was imported. ${shown.join('; ')}${more}`);
  }
  return { rows, labels };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFirstSheet, SpreadsheetError } from '../src/lib/xlsx.js';
import { DEFAULT_SHEET_LIMITS } from '../src/lib/xlsx-reader.js';
import { unchangedBy } from './fingerprint.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';
import { xlsxOf } from './workbook.js';
import { emptyRowBomb, wideColumnBomb, workbookWith, zipOptions } from './xlsx-bombs.js';

/** What a bomb may cost the server process while it is refused (resident memory above the start). */
const MEMORY_BOUND_MB = 256;

let t: TestApp;
let importer: string;
beforeAll(async () => {
  t = await createTestApp();
  // A user with one Management key, as in the issue.
  importer = await userWithRole(t, { userId: 'bomb_importer', content: 'Management.Customer' });
});
afterAll(() => t.close());

/** Uploads a file while sampling resident memory; returns the answer, the time taken and the peak growth. */
async function importMeasured(name: string, content: Buffer) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const res = await t.upload('/api/customer/importFile', { name, content }, importer);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    status: res.statusCode,
    body: res.json() as { code: number; reason: string },
    ms,
    growthMb: (peak - base) / 1024 / 1024,
  };
}

async function stillServes() {
  const res = await t.call('/api/customer/read', { pageNumber: 1, pageSize: 1 }, importer);
  expect(res.status).toBe(200);
  expect(res.code).toBe(0);
}

describe('spreadsheet bombs', () => {
  it('refuses 60,000 rows that each set a cell in column XFD, naming the column limit', async () => {
    const file = wideColumnBomb();
    const r = await unchangedBy(t.database, () => importMeasured('wide.xlsx', file));
    console.log(
      `[bomb] XFD bomb: ${file.length} bytes, answered ${r.status}/${r.body.code} in ${r.ms.toFixed(0)} ms, RSS growth ${r.growthMb.toFixed(1)} MB: ${r.body.reason}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(0);
    expect(r.body.reason).toMatch(/Cell XFD2 is beyond column CV \(an import reads at most 100 columns\)/);
    expect(r.growthMb).toBeLessThan(MEMORY_BOUND_MB);
    await stillServes();
  });

  it('refuses 20 million empty rows, naming the limit it crossed, and stays up', async () => {
    const file = emptyRowBomb();
    const r = await unchangedBy(t.database, () => importMeasured('rows.xlsx', file));
    console.log(
      `[bomb] empty-row bomb: ${file.length} bytes, answered ${r.status}/${r.body.code} in ${r.ms.toFixed(0)} ms, RSS growth ${r.growthMb.toFixed(1)} MB: ${r.body.reason}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(0);
    // 140 MB of XML: the uncompressed-size limit (100 MB) refuses it from the zip directory alone.
    expect(r.body.reason).toMatch(/unpacks to more than 100 MB \(the uncompressed size limit/);
    expect(r.growthMb).toBeLessThan(MEMORY_BOUND_MB);
    await stillServes();
  });

  it('refuses the same rows in a smaller file by the row limit', async () => {
    const r = await importMeasured('rows.xlsx', emptyRowBomb(1_000_000));
    console.log(`[bomb] 1,000,000 empty rows: refused in ${r.ms.toFixed(0)} ms: ${r.body.reason}`);
    expect(r.body.reason).toMatch(/more than 100000 rows \(the row limit for one import\)/);
    expect(r.growthMb).toBeLessThan(MEMORY_BOUND_MB);
    await stillServes();
  });
});

describe('every reader limit names itself', () => {
  const refusal = async (buf: Buffer, limits: Partial<typeof DEFAULT_SHEET_LIMITS>) => {
    const err = await readFirstSheet(buf, { ...DEFAULT_SHEET_LIMITS, ...limits }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SpreadsheetError);
    return (err as Error).message;
  };
  const rows = (n: number) =>
    (function* () {
      for (let r = 1; r <= n; r++) {
        yield Buffer.from(
          `<row r="${r}"><c r="A${r}" t="s"><v>${r - 1}</v></c><c r="B${r}"><v>${r}</v></c></row>`,
        );
      }
    })();
  const strings = (n: number) =>
    (function* () {
      for (let i = 0; i < n; i++) yield Buffer.from(`<si><t>s${i}</t></si>`);
    })();

  it('reads a workbook within the limits', async () => {
    const sheet = await readFirstSheet(workbookWith(rows(3), strings(3)));
    expect(sheet).toEqual([
      { rowNumber: 1, values: ['s0', 1] },
      { rowNumber: 2, values: ['s1', 2] },
      { rowNumber: 3, values: ['s2', 3] },
    ]);
  });

  it('rows, cells, columns, shared strings, uncompressed size and time', async () => {
    const book = workbookWith(rows(50), strings(50));
    expect(await refusal(book, { rows: 10 })).toMatch(/more than 9 rows \(the row limit/);
    expect(await refusal(book, { cells: 20 })).toMatch(/more than 20 cells \(the cell limit/);
    expect(await refusal(book, { columns: 1 })).toMatch(
      /Cell B1 is beyond column A \(an import reads at most 1 columns\)/,
    );
    expect(await refusal(book, { sharedStrings: 10 })).toMatch(/more than 10 shared strings/);
    expect(await refusal(book, { uncompressedBytes: 1000 })).toMatch(/unpacks to more than .* MB/);
    // A zip directory that lies about the size does not help: the inflated bytes are counted.
    zipOptions.declaredSize = 100;
    const liar = emptyRowBomb(3_000_000);
    zipOptions.declaredSize = undefined;
    expect(await refusal(liar, { rows: Number.POSITIVE_INFINITY, uncompressedBytes: 1024 * 1024 })).toMatch(
      /unpacks to more than 1 MB/,
    );
    // 3,000,000 rows of XML cannot be read in 50 ms: the time budget stops the read.
    const slow = emptyRowBomb(3_000_000);
    expect(
      await refusal(slow, { rows: Number.POSITIVE_INFINITY, uncompressedBytes: 1e12, timeBudgetMs: 50 }),
    ).toMatch(/took longer than 0.05 s \(the time limit/);
  });

  it('keeps dates, booleans, rich text and formulas as exceljs writes them', async () => {
    const file = await xlsxOf([
      ['a', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), true, { richText: [{ text: 'ri' }, { text: 'ch' }] }],
      [{ formula: '1+1', result: 2 }, 1.5, null, 'z'],
    ]);
    const sheet = await readFirstSheet(file);
    expect(sheet).toEqual([
      { rowNumber: 1, values: ['a', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), true, 'rich'] },
      { rowNumber: 2, values: [2, 1.5, null, 'z'] },
    ]);
  });
});

describe('a cell nested past any tariff', () => {
  it('a steps cell of 15,000 nested arrays is a row problem, not a 500, and nothing is written', async () => {
    const admin = await t.adminToken();
    const deep = `${'['.repeat(15_000)}${']'.repeat(15_000)}`;
    const file = await xlsxOf([
      ['tariffId', 'tariffName', 'price', 'tax', 'steps', 'startTime'],
      ['TDEEP', 'Deep', 350, 7.5, deep, new Date(Date.UTC(2026, 0, 1, 0, 0, 0))],
    ]);
    const res = await unchangedBy(t.database, () =>
      t.upload('/api/tariff/importFile', { name: 'deep.xlsx', content: file }, admin),
    );
    const body = res.json() as { code: number; reason: string };
    expect(res.statusCode, body.reason).toBeLessThan(500);
    expect(body.code).not.toBe(0);
    expect(body.reason).toMatch(/row 2/i);
    await stillServes();
  });
});

import { DUPLICATE_LINES } from '@prepay/contracts';
import JSZip from 'jszip';
import { describe, expect } from 'vitest';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, suiteHelper, type TestApp, userWithRole } from './harness.js';
import { createStations, DEMO_VK, iain } from './masterdata-fixtures.js';
import { sheetRows, xlsxOf } from './workbook.js';

/** Uploads a file to a module's import, as the admin unless another token is given. */
const importFileWith = (t: TestApp, admin: string) =>
  async function importFile(module: string, name: string, content: Buffer, token = admin) {
    const res = await t.upload(`/api/${module}/importFile`, { name, content }, token);
    return { status: res.statusCode, ...(res.json() as { code: number; reason: string; result: unknown[] }) };
  };

/** Posts to a download (template, export) and returns the raw answer, as the admin unless told otherwise. */
const downloadWith =
  (t: TestApp, admin: string) =>
  (url: string, body: unknown = {}, token = admin) =>
    t.post(url, body, token);

const it = apiTest(createStations)
  .extend('importFile', suiteHelper(importFileWith))
  .extend('download', suiteHelper(downloadWith));

/** Every entry of the zip, inflated, as one string: what a secret would have to hide in. */
async function allText(buf: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(buf);
  const parts = await Promise.all(Object.values(zip.files).map((f) => f.async('string')));
  return parts.join('\n') + buf.toString('latin1');
}

const header = ['customerId', 'customerName', 'type', 'phone', 'address', 'stationId'];
const customer = (i: number) => [
  `IMP${String(i).padStart(3, '0')}`,
  `Customer ${i}`,
  0,
  `080${i}`,
  `${i} Lagos Rd`,
  'NORTH',
];

describe('spreadsheet import', () => {
  it('serves a template whose header row is the import columns', async ({ download }) => {
    const res = await download('/api/customer/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/customer-import-template\.xlsx/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'customerId',
      'customerName',
      'type',
      'phone',
      'address',
      'certifiName',
      'certifiNo',
      'stationId',
      'remark',
    ]);
  });

  it('refuses wrong types, big files, duplicates, bad rows, clashes and corrupt zips, writing nothing', async ({
    t,
    admin,
    importFile,
  }) => {
    await importFile('customer', 'seed.xlsx', await xlsxOf([header, customer(900)]));
    const good = await xlsxOf([header, customer(1), customer(2), customer(3)]);

    await unchangedBy(t.database, async () => {
      const csv = await importFile(
        'customer',
        'customers.csv',
        Buffer.from('customerId,customerName\nA,B\n'),
      );
      expect(csv.reason).toMatch(/Only \.xls or \.xlsx files/);
      const renamed = await importFile(
        'customer',
        'customers.xlsx',
        Buffer.from('customerId,customerName\nA,B\n'),
      );
      expect(renamed.reason).toMatch(/not an Excel workbook/);
      const biff = Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(600),
      ]);
      const old = await importFile('customer', 'customers.xls', biff);
      expect(old.reason).toMatch(/save it as \.xlsx/);
      const big = await importFile(
        'customer',
        'big.xlsx',
        Buffer.concat([good, Buffer.alloc(5 * 1024 * 1024)]),
      );
      expect(big.code).toBe(413);
      expect(big.reason).toMatch(/larger than 5 MB/);

      const dup = await importFile(
        'customer',
        'dup.xlsx',
        await xlsxOf([header, customer(1), customer(2), customer(1)]),
      );
      expect(dup.reason).toContain(DUPLICATE_LINES);
      expect(dup.reason).toMatch(/row 4 repeats row 2/);
      const sameKey = await importFile(
        'customer',
        'dupkey.xlsx',
        await xlsxOf([header, customer(1), [...customer(1).slice(0, 1), 'Other name', 0, '', '', 'NORTH']]),
      );
      expect(sameKey.reason).toMatch(/duplicate lines: row 3 has the same customerId as row 2/);

      const bad = await importFile(
        'customer',
        'bad.xlsx',
        await xlsxOf([header, customer(1), ['IMP002', '', 0], customer(3), ['IMP004', 'x', 'seven']]),
      );
      expect(bad.reason).toMatch(
        /^Nothing was imported\. Row 3, column "customerName": a value is required; Row 5, column "type": must be a number/,
      );
      const clash = await importFile(
        'customer',
        'clash.xlsx',
        await xlsxOf([header, customer(1), customer(900)]),
      );
      expect(clash.reason).toMatch(/Row 3: customer IMP900: already exists/);
      const station = await importFile(
        'customer',
        'station.xlsx',
        await xlsxOf([header, [...customer(5).slice(0, 5), 'MOON']]),
      );
      expect(station.reason).toMatch(/Station not found: MOON/);

      const corrupt = Buffer.from(good);
      corrupt.fill(0x41, 200, corrupt.length - 200);
      const broken = await importFile('customer', 'broken.xlsx', corrupt);
      expect(broken.reason).toMatch(/damaged|not a valid \.xlsx/);
      const truncated = await importFile('customer', 'short.xlsx', good.subarray(0, 300));
      expect(truncated.reason).toMatch(/damaged|not a valid \.xlsx/);
      const headerOnly = await importFile('customer', 'empty.xlsx', await xlsxOf([header]));
      expect(headerOnly.reason).toMatch(/no rows to import/);
      const noKey = await importFile('customer', 'nokey.xlsx', await xlsxOf([['name'], ['x']]));
      expect(noKey.reason).toMatch(
        /no column "Customer Id" \(customerId\), "Customer Name" \(customerName\) in its first row/,
      );

      const notMultipart = await t.call('/api/customer/importFile', { rows: [] }, admin);
      expect(notMultipart.reason).toMatch(/multipart/);
    });
    const lacking = await userWithRole(t, { userId: 'imp_reader', content: 'Management.Meter' });
    const unauthorised = await unchangedBy(t.database, () =>
      importFile('customer', 'good.xlsx', good, lacking),
    );
    expect(unauthorised.status).toBe(403);
  });

  it('imports every row of a good file, audited, with readable column names', async ({
    t,
    admin,
    importFile,
  }) => {
    const rows = Array.from({ length: 40 }, (_, i) => customer(100 + i));
    const res = await importFile(
      'customer',
      'good.xlsx',
      await xlsxOf([
        ['Customer Id', 'customer_name', 'TYPE', 'phone', 'address', 'stationId', 'ignored'],
        ...rows,
      ]),
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result).toHaveLength(40);
    const read = await t.call<{ total: number }>('/api/customer/read', { customerId: 'IMP1' }, admin);
    expect(read.result.total).toBe(40);
    expect(
      (await t.auditRows()).filter((r) => r.title === 'Customer' && r.action === 'Import').length,
    ).toBeGreaterThanOrEqual(40);
  });

  it('imports meters with given and derived decoder keys and tariffs with steps', async ({
    t,
    admin,
    importFile,
  }) => {
    await t.call('/api/keystore/vendingKey/create', [DEMO_VK], admin);
    const meterHeader = ['meterId', 'type', 'sgc', 'krn', 'ti', 'kt', 'decoderKey', 'stationId'];
    const res = await importFile(
      'meter',
      'meters.xlsx',
      await xlsxOf([
        meterHeader,
        [iain(1), 0, 123456, 1, 1, 2, null, 'NORTH'],
        [iain(2), 1, '654321', 1, 1, 2, 'A1B2C3D4E5F60718', 'NORTH'],
      ]),
    );
    expect(res.code, res.reason).toBe(0);
    const store = await keyStoreOf(t.app.deps);
    expect((await store.decoderKeyFor(iain(2))).decoderKey).toBe('A1B2C3D4E5F60718');
    expect((await store.decoderKeyFor(iain(1))).sgc).toBe('123456');
    const tariffs = await importFile(
      'tariff',
      'tariffs.xlsx',
      await xlsxOf([
        ['tariffId', 'tariffName', 'price', 'tax', 'steps', 'startTime'],
        ['T1', 'Tiered', 350, 7.5, '0-50:2.50; 50-:3', new Date(Date.UTC(2026, 0, 1, 0, 0, 0))],
      ]),
    );
    expect(tariffs.code, tariffs.reason).toBe(0);
    expect(tariffs.result[0]).toMatchObject({
      price: '350',
      startTime: '2026-01-01 00:00:00',
      steps: [
        { start: 0, end: 50, price: 2.5 },
        { start: 50, end: null, price: 3 },
      ],
    });
  });
});

describe('spreadsheet export', () => {
  it('streams every row of the filter (all pages), never the decoder key', async ({ t, admin, download }) => {
    const many = Array.from({ length: 1150 }, (_, i) => ({
      meterId: `X${String(i).padStart(5, '0')}`,
      type: i % 3,
      stationId: i % 2 ? 'NORTH' : 'SOUTH',
    }));
    const imp = await t.call('/api/meter/import', many, admin);
    expect(imp.code, imp.reason).toBe(0);
    const res = await download('/api/meter/export', {
      stationId: 'NORTH',
      orderBy: 'meterId asc',
      pageSize: 5,
      pageNumber: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const rows = await sheetRows(res.rawPayload);
    // No lang: English titles; only whether a decoder key is stored.
    expect(rows[0]).toContain('Decoder Key Stored');
    expect(rows[0]).not.toContain('Decoder Key');
    expect(rows.length - 1).toBe(575 + 2);
    const text = await allText(res.rawPayload);
    const store = await keyStoreOf(t.app.deps);
    for (const id of [iain(1), iain(2)]) {
      const key = (await store.decoderKeyFor(id)).decoderKey;
      expect(text.toUpperCase()).not.toContain(key);
    }
    expect(text).not.toContain(DEMO_VK.vendingKey);
    const filtered = await download('/api/meter/export', { type: 1, stationId: 'SOUTH' });
    const f = await sheetRows(filtered.rawPayload);
    const typeCol = (f[0] as string[]).indexOf('Meter Type');
    expect(f.slice(1).every((r) => r[typeCol] === 'Water')).toBe(true);
    const badSort = await download('/api/meter/export', { orderBy: 'decoderKey asc' });
    expect(badSort.statusCode).toBe(400);
    const tariffs = await sheetRows((await download('/api/tariff/export')).rawPayload);
    expect(tariffs[1]).toContain('0-50:2.5; 50-:3');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { type FixtureMeter, reportAppForSuite, storeVends } from './report-fixture.js';
import { firstSheet, xlsxOf } from './workbook.js';

/**
 * Imports take the titles and names the console shows (in any of its languages) as well as
 * the codes, and say what is wrong in plain sentences; exports of every list are titled and worded in
 * the user's language.
 */
let t: TestApp;
let admin: string;
let fixture: FixtureMeter[];
reportAppForSuite((app) => {
  ({ t, admin, fleet: fixture } = app);
}, 2);

/** Uploads a file to a module's import as the admin; answers the envelope. */
async function importFile(module: string, content: Buffer) {
  const res = await t.upload(`/api/${module}/importFile`, { name: 'rows.xlsx', content }, admin);
  return res.json() as { code: number; reason: string; result: unknown[] };
}

/** The export's first sheet: its header row and its rows as header-keyed cells (value and format). */
async function exported(url: string, body: unknown) {
  const res = await t.post(url, body, admin);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const ws = await firstSheet(res.rawPayload);
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, { value: unknown; numFmt: string }>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(
      Object.fromEntries(
        header.map((h, i) => [h, { value: row.getCell(i + 1).value, numFmt: row.getCell(i + 1).numFmt }]),
      ),
    );
  });
  return { header, rows };
}

describe('import by the names the console shows', () => {
  it('takes column titles and value names in English, Chinese and Spanish as well as codes', async () => {
    const res = await importFile(
      'meter',
      await xlsxOf([
        ['表号', 'Meter Type', 'Phase', 'Vía de comunicación', 'Station Id'],
        ['LANG-1', 'Water', '三相表', 'GPRS', 'S1'],
        ['LANG-2', '气表', 'CT meter', 0, 'S1'],
        ['LANG-3', 0, 0, 'gprs', 'S1'],
      ]),
    );
    expect(res.code, res.reason).toBe(0);
    const read = await t.call<{ data: { meterId: string; type: number; isThreePhase: number }[] }>(
      '/api/meter/read',
      { meterId: 'LANG-', orderBy: 'meterId asc' },
      admin,
    );
    expect(
      read.result.data.map((m) => [
        m.meterId,
        m.type,
        m.isThreePhase,
        (m as { communicationWay?: number }).communicationWay,
      ]),
    ).toEqual([
      ['LANG-1', 1, 1, 0],
      ['LANG-2', 2, 2, 0],
      ['LANG-3', 0, 0, 0],
    ]);
  });

  it('names the row, the column title and the accepted values, once per cell, and writes nothing', async () => {
    const res = await importFile(
      'meter',
      await xlsxOf([
        ['Meter Id', 'Type', 'Phase', 'Station Id'],
        ['LANG-10', 'Steam', 0, 'S1'],
        ['LANG-11', 0, 'Seven-phase', 'S1'],
        ['', 0, 0, 'S1'],
      ]),
    );
    expect(res.code).not.toBe(0);
    expect(res.reason).toBe(
      'Nothing was imported. ' +
        'Row 2, column "Type": "Steam" is not accepted; accepted values: 0 (Electricity), 1 (Water), 2 (Gas); ' +
        'Row 3, column "Phase": "Seven-phase" is not accepted; accepted values: 0 (Single-phase meter), 1 (Three-phase meter), 2 (CT meter); ' +
        'Row 4, column "Meter Id": a value is required',
    );
    // No field paths ("0.meterId", "isThreePhase") reach the user.
    expect(res.reason).not.toMatch(/isThreePhase|meterId/);
    const read = await t.call<{ total: number }>('/api/meter/read', { meterId: 'LANG-10' }, admin);
    expect(read.result.total).toBe(0);
  });

  it('answers a bad JSON body in plain sentences naming the line and the field', async () => {
    const res = await t.call('/api/meter/create', [{ meterId: 'LANG-20', isThreePhase: 9 }], admin);
    expect(res.code).not.toBe(0);
    expect(res.reason).toMatch(/^Not accepted\. Line 1, Phase: /);
    expect(res.reason).not.toMatch(/0\.isThreePhase/);
  });
});

describe('customer type by the names kept in the item dictionary', () => {
  /** The customer import, the rows under the console's English column titles. */
  const importCustomers = async (rows: unknown[][]) =>
    importFile(
      'customer',
      await xlsxOf([['Customer Id', 'Customer Name', 'Customer Type', 'Station Id'], ...rows]),
    );

  beforeAll(async () => {
    const res = await t.call(
      '/api/item/create',
      [
        { itemType: 'CustomerType', itemName: '0', en: 'Residential', es: 'Residencial', zh: '居民' },
        { itemType: 'CustomerType', itemName: '1', en: 'Commercial', es: 'Comercial', zh: '商业' },
      ],
      admin,
    );
    expect(res.code, res.reason).toBe(0);
  });

  it('takes the code or the item’s name in any stored language, case and spaces aside', async () => {
    const res = await importCustomers([
      ['CTYPE-1', 'Shop', 'Commercial', 'S1'],
      ['CTYPE-2', 'Market', '商业', 'S1'],
      ['CTYPE-3', 'Office', '1', 'S1'],
      ['CTYPE-4', 'Home', ' RESIDENCIAL ', 'S1'],
    ]);
    expect(res.code, res.reason).toBe(0);
    const read = await t.call<{ data: { customerId: string; type: number }[] }>(
      '/api/customer/read',
      { customerId: 'CTYPE-', orderBy: 'customerId asc' },
      admin,
    );
    expect(read.result.data.map((c) => [c.customerId, c.type])).toEqual([
      ['CTYPE-1', 1],
      ['CTYPE-2', 1],
      ['CTYPE-3', 1],
      ['CTYPE-4', 0],
    ]);
  });

  it('refuses an unknown type naming the row, the column and the accepted values, and writes nothing', async () => {
    const res = await importCustomers([
      ['CTYPE-10', 'Plant', 'Commercial', 'S1'],
      ['CTYPE-11', 'Mill', 'Steam', 'S1'],
    ]);
    expect(res.code).not.toBe(0);
    expect(res.reason).toBe(
      'Nothing was imported. Row 3, column "Customer Type": "Steam" is not accepted; ' +
        'accepted values: 0 (Residential), 1 (Commercial)',
    );
    const read = await t.call<{ total: number }>('/api/customer/read', { customerId: 'CTYPE-1' }, admin);
    // CTYPE-1 only (from the test above): neither row of the refused file was written.
    expect(read.result.total).toBe(1);
  });

  it('exports the customer type by its name in the user’s language', async () => {
    const { rows } = await exported('/api/customer/export', { lang: 'zh', customerId: 'CTYPE-' });
    const [idTitle, typeTitle] = ['客户编号', '客户类型'];
    const typeOf = (id: string) => rows.find((r) => r[idTitle]?.value === id)?.[typeTitle]?.value;
    expect([typeOf('CTYPE-1'), typeOf('CTYPE-4')]).toEqual(['商业', '居民']);
  });
});

describe('exports in the user’s language', () => {
  it('a report page in Chinese: translated titles, money as numbers with 2 places', async () => {
    const [meter] = fixture;
    if (!meter) throw new Error('no fixture meter');
    await storeVends(t, [
      { meter, at: new Date(), units: 100, paidMinor: 12_345, payDebtMinor: 0, cancelled: false },
    ]);
    const { header, rows } = await exported('/API/PrepayReport/LowPurchaseSituation/export', {
      lang: 'zh',
      meterId: meter.meterId,
    });
    expect(header).toEqual(
      expect.arrayContaining(['客户编号', '表号', '购买总电量', '购买总金额', '购买次数']),
    );
    expect(header).not.toContain('purchaseTotalPaid');
    const [meterTitle, paidTitle] = ['表号', '购买总金额'];
    const row = rows.find((r) => r[meterTitle]?.value === meter.meterId);
    expect(row?.[paidTitle]).toEqual({ value: 123.45, numFmt: '0.00' });
  });

  it('master data in Spanish: titles and coded values as words', async () => {
    const { header, rows } = await exported('/api/meter/export', { lang: 'es', meterId: 'LANG-' });
    expect(header).toEqual(
      expect.arrayContaining(['Id de medidor', 'Tipo de medidor', 'Fase', 'Vía de comunicación', 'Estado']),
    );
    const one = rows.find((r) => r['Id de medidor']?.value === 'LANG-1');
    expect(one?.['Tipo de medidor']?.value).toBe('Agua');
    expect(one?.Fase?.value).toBe('Medidor trifásico');
    expect(one?.Estado?.value).toBe('Sin usar');
  });

  it('AMR data in Spanish: the console’s titles, not field names', async () => {
    const { header } = await exported('/api/DailyDataMeter/export', { lang: 'es' });
    expect(header).toEqual(expect.arrayContaining(['Fecha de lectura', 'Estado del relé', 'Energía total']));
    expect(header).not.toContain('relayOpen');
  });
});

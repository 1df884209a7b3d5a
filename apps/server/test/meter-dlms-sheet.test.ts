import { ManualClock, syntheticFleet } from '@prepay/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixture from './gprs-dlms-fixture.js';
import type { TestApp } from './harness.js';
import { sheetRows, xlsxOf } from './workbook.js';

const { dlmsItemId, HLS_KEYS, headendApp, hlsSecurity, listeningDlmsMeter, runGprsTask } = fixture;

/**
 * A DLMS meter set up from the meter spreadsheet: its address and association imported, its secrets sealed
 * (the head-end associates with them), and exported back without them (only whether they are stored).
 */
const SPEC = syntheticFleet({ count: 1, seed: 53 }).meters;
const { blockCipherKey: KEY, authenticationKey: AKEY } = HLS_KEYS;
const TITLE = '4D4D4D0000000007';
const [HLS_METER, LLS_METER] = ['47009950001', '47009950002'];

let sim: Awaited<ReturnType<typeof listeningDlmsMeter>>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  sim = await listeningDlmsMeter(SPEC[0], new ManualClock(Date.UTC(2026, 10, 2, 8)), hlsSecurity());
  ({ t, admin } = await headendApp());
});
afterAll(async () => {
  await t?.close();
  await sim?.listener.close();
});

describe('DLMS meters in the meter spreadsheet', () => {
  it('imports the association with its secrets sealed, and exports it without them', async () => {
    const file = await xlsxOf([
      [
        'meterId',
        'protocolVersion',
        'communicationWay',
        'ipAddress',
        'ipPort',
        'dlmsClientAddress',
        'dlmsServerAddress',
        'dlmsAuthentication',
        'dlmsPassword',
        'dlmsAuthenticationKey',
        'dlmsBlockCipherKey',
        'dlmsSystemTitle',
        'stationId',
      ],
      [
        HLS_METER,
        '1.1',
        0,
        '127.0.0.1',
        sim.listener.port,
        1,
        1,
        'high-gmac',
        null,
        AKEY,
        KEY,
        TITLE,
        '0001',
      ],
      [LLS_METER, '1.1', 0, '10.0.0.7', null, null, null, 'low', 12345678, null, null, null, '0001'],
    ]);
    const up = await t.upload('/api/meter/importFile', { name: 'meters.xlsx', content: file }, admin);
    expect(up.json().code, up.json().reason).toBe(0);

    // The head-end associates with the imported keys (HLS-GMAC) and reads the meter.
    const row = await runGprsTask(t, admin, 'Reading', {
      meterId: HLS_METER,
      protocolId: await dlmsItemId(t, 0, '1.0.1.8.0.255'),
    });
    expect(row.status, row.reason ?? '').toBe(1);
    expect(Number(row.data)).toBe(sim.model.totalHundredths / 100);

    const res = await t.post('/api/meter/export', { orderBy: 'meterId asc' }, admin);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = (await sheetRows(res.rawPayload)) as unknown[][];
    const columns = [
      'Meter Id',
      'IP Address',
      'IP Port',
      'DLMS Client Address',
      'DLMS Server Address',
      'DLMS Authentication',
      'DLMS Secrets Stored',
    ];
    const at = columns.map((c) => header?.indexOf(c) ?? -1);
    expect(
      at.every((i) => i >= 0),
      String(header),
    ).toBe(true);
    expect(rows.map((r) => at.map((i) => r[i]))).toEqual([
      [HLS_METER, '127.0.0.1', sim.listener.port, 1, 1, 'high-gmac', 'Set'],
      // Empty cells: the defaults (port 4059, addresses 1) apply.
      [LLS_METER, '10.0.0.7', undefined, undefined, undefined, 'low', 'Set'],
    ]);
    for (const secret of ['Password', 'Authentication Key', 'Block Cipher Key', 'System Title'])
      expect(header).not.toContain(`DLMS ${secret}`);
    const text = res.rawPayload.toString('latin1') + JSON.stringify(rows);
    for (const secret of [KEY, AKEY, TITLE, '12345678']) expect(text).not.toContain(secret);
  });

  it('refuses a sheet whose high-gmac meter has no keys, and stores nothing', async () => {
    const file = await xlsxOf([
      ['meterId', 'protocolVersion', 'ipAddress', 'dlmsAuthentication', 'stationId'],
      ['47009950003', '1.1', '127.0.0.1', 'high-gmac', '0001'],
    ]);
    const up = await t.upload('/api/meter/importFile', { name: 'meters.xlsx', content: file }, admin);
    expect(up.json().code).not.toBe(0);
    expect(up.json().reason).toContain('dlmsAuthenticationKey');
    const read = await t.call<{ total: number }>('/api/meter/read', { meterId: '47009950003' }, admin);
    expect(read.result.total).toBe(0);
  });
});

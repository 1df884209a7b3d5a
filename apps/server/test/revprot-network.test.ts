import type { FeederRow, MeterRow, TransformerMeterPoint, TransformerRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit, suiteHelper, type TestApp } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';
import { sheetRows, xlsxOf } from './workbook.js';

const importFileWith = (t: TestApp, admin: string) =>
  async function importFile(module: string, content: Buffer) {
    const res = await t.upload(`/api/${module}/importFile`, { name: 'network.xlsx', content }, admin);
    return res.json() as { code: number; reason: string; result: unknown[] };
  };

/** The stations, and meters in each: the transformer tests hang them under the network. */
async function prepare(t: TestApp, admin: string) {
  await createStations(t, admin);
  await meters(t, admin);
}

const it = apiTest(prepare).extend('importFile', suiteHelper(importFileWith));

async function meters(t: TestApp, admin: string) {
  const res = await t.call(
    '/api/meter/create',
    [
      { meterId: 'RPN1', stationId: 'NORTH', lat: 6.5, lng: 3.3 },
      { meterId: 'RPN2', stationId: 'NORTH', lat: 6.51, lng: 3.31 },
      { meterId: 'RPS1', stationId: 'SOUTH' },
    ],
    admin,
  );
  expect(res.code, res.reason).toBe(0);
}

describe('feeders and transformers', () => {
  it('creates, updates and deletes with audit rows; meters join a transformer of their station', async ({
    t,
    admin,
  }) => {
    const f = await t.call<FeederRow[]>(
      '/api/feeder/create',
      [{ feederId: 'F1', feederName: 'North 11kV', stationId: 'NORTH' }],
      admin,
    );
    expect(f.code, f.reason).toBe(0);
    expect(await lastAudit(t)).toMatchObject({ title: 'Feeder', action: 'Create' });
    const tr = await t.call<TransformerRow[]>(
      '/api/transformer/create',
      [{ transformerId: 'T1', feederId: 'F1', checkMeterId: 'RPN1', capacityKva: 200, stationId: 'NORTH' }],
      admin,
    );
    expect(tr.code, tr.reason).toBe(0);
    expect(tr.result[0]).toMatchObject({
      transformerId: 'T1',
      feederId: 'F1',
      checkMeterId: 'RPN1',
      meterCount: 0,
    });
    expect(await lastAudit(t)).toMatchObject({ title: 'Transformer', action: 'Create' });
    const m = await t.call<MeterRow[]>(
      '/api/meter/update',
      [{ meterId: 'RPN2', transformerId: 'T1' }],
      admin,
    );
    expect(m.code, m.reason).toBe(0);
    expect(m.result[0]?.transformerId).toBe('T1');
    const feeders = await t.call<Page<FeederRow>>('/api/feeder/read', { feederId: 'f1' }, admin);
    expect(feeders.result.data[0]?.transformerCount).toBe(1);
    const upd = await t.call<TransformerRow[]>(
      '/api/transformer/update',
      [{ transformerId: 'T1', transformerName: 'Pole 7' }],
      admin,
    );
    expect(upd.result[0]).toMatchObject({ transformerName: 'Pole 7', feederId: 'F1', meterCount: 1 });
    const changed = await lastAudit(t);
    expect(changed.after.transformerName).toBe('Pole 7');
    const map = await t.call<TransformerMeterPoint[]>(
      '/api/transformer/readMap',
      { transformerId: 'T1' },
      admin,
    );
    expect(map.result.map((p) => [p.meterId, p.isCheckMeter])).toEqual([
      ['RPN1', true],
      ['RPN2', false],
    ]);
    // In use: a feeder with transformers and a transformer with meters stay.
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/feeder/delete', [{ feederId: 'F1' }], /still has transformers/],
        ['/api/transformer/delete', [{ transformerId: 'T1' }], /still supplies meters/],
      ]),
    );
    await t.call('/api/meter/update', [{ meterId: 'RPN2', transformerId: null }], admin);
    const del = await t.call<TransformerRow[]>('/api/transformer/delete', [{ transformerId: 'T1' }], admin);
    expect(del.code, del.reason).toBe(0);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Transformer', action: 'Delete' });
  });

  it('refuses bad ids, unknown or foreign feeders and meters, all or nothing', async ({ t, admin }) => {
    await t.call('/api/feeder/create', [{ feederId: 'FS', stationId: 'SOUTH' }], admin);
    await t.call('/api/transformer/create', [{ transformerId: 'TS', stationId: 'SOUTH' }], admin);
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/feeder/create', [{ feederId: 'bad id!' }], 400],
        ['/api/transformer/create', [{ transformerId: 'T2', capacityKva: -5 }], 400],
        [
          '/api/transformer/create',
          [{ transformerId: 'T2', feederId: 'NOPE', stationId: 'NORTH' }],
          /feeder NOPE not found/,
        ],
        [
          '/api/transformer/import',
          [
            { transformerId: 'T3', stationId: 'NORTH' },
            { transformerId: 'T4', feederId: 'FS', stationId: 'NORTH' },
          ],
          /Line 2: transformer T4: feeder FS is in another station/,
        ],
        [
          '/api/transformer/create',
          [{ transformerId: 'T5', checkMeterId: 'RPS1', stationId: 'NORTH' }],
          /check meter RPS1 is in another station/,
        ],
        [
          '/api/meter/update',
          [{ meterId: 'RPN1', transformerId: 'TS' }],
          /transformer TS is in another station/,
        ],
        ['/api/meter/update', [{ meterId: 'RPN1', transformerId: 'NOPE' }], /transformer NOPE not found/],
        ['/api/transformer/readMap', { transformerId: 'NOPE' }, /not found/],
      ]),
    );
  });

  it('scopes by station and checks the permission of every call', async ({ t, admin }) => {
    await t.call(
      '/api/transformer/import',
      [
        { transformerId: 'TN1', stationId: 'NORTH' },
        { transformerId: 'TN2', stationId: 'NORTH' },
        { transformerId: 'TS1', stationId: 'SOUTH' },
      ],
      admin,
    );
    const north = await northUser(t, 'rp_north', 'RevenueProtection.Transformer');
    const mine = await t.call<Page<TransformerRow>>(
      '/api/transformer/read',
      { orderBy: 'transformerId desc', transformerId: 'TN' },
      north,
    );
    expect(mine.result.data.map((r) => r.transformerId)).toEqual(['TN2', 'TN1']);
    const meterOnly = await northUser(t, 'rp_meter', 'Management.Meter');
    const picker = await t.call<Page<TransformerRow>>(
      '/api/transformer/read',
      { transformerId: 'TN' },
      meterOnly,
    );
    expect(picker.result.total).toBe(2);
    await unchangedBy(t.database, async () => {
      await expectRefusals(t, north, [
        ['/api/transformer/update', [{ transformerId: 'TS1', transformerName: 'x' }], 403],
        ['/api/transformer/readMap', { transformerId: 'TS1' }, 403],
        ['/api/feeder/create', [{ feederId: 'FX' }], 403],
        ['/api/transformer/read', { orderBy: 'secret asc' }, 400],
      ]);
      await expectRefusals(t, meterOnly, [['/api/transformer/create', [{ transformerId: 'TX' }], 403]]);
    });
  });

  it('imports and exports spreadsheets', async ({ t, admin, importFile }) => {
    const header = ['feederId', 'feederName', 'stationId'];
    const imported = await importFile(
      'feeder',
      await xlsxOf([header, ['FA', 'Alpha', 'NORTH'], ['FB', 'Beta', 'SOUTH']]),
    );
    expect(imported.code, imported.reason).toBe(0);
    const tHeader = ['transformerId', 'feederId', 'capacityKva', 'stationId'];
    const bad = await importFile(
      'transformer',
      await xlsxOf([tHeader, ['TA', 'FA', 100, 'NORTH'], ['TB', 'FA', 100, 'SOUTH']]),
    );
    expect(bad.reason).toMatch(/feeder FA is in another station/);
    const good = await importFile('transformer', await xlsxOf([tHeader, ['TA', 'FA', 100, 'NORTH']]));
    expect(good.code, good.reason).toBe(0);
    const res = await t.post('/api/transformer/export', { transformerId: 'TA' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual([
      'Transformer Id',
      'Transformer Name',
      'Feeder Id',
      'Check Meter Id',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['TA']);
  });
});

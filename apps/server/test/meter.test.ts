import type { MeterRow } from '@prepay/contracts';
import { dkga02, meterPanFromIain } from '@prepay/sts';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, suiteHelper, type TestApp, userWithRole } from './harness.js';
import { createStations, DEMO_VK, iain, type Page } from './masterdata-fixtures.js';

const responses: string[] = [];
/** t.call as the admin unless told otherwise, keeping every answer for the file's no-key-ever check. */
const callWith =
  (t: TestApp, admin: string) =>
  async <T>(url: string, body: unknown, token = admin) => {
    const res = await t.call<T>(url, body, token);
    responses.push(JSON.stringify(res));
    return res;
  };
const EXPLICIT_KEY = '0123456789ABCDEF';
const EA11_KEY = '00112233445566778899AABBCCDDEEFF';

const it = apiTest(createStations).extend('call', suiteHelper(callWith));

describe('meters', () => {
  it('creates meters whose decoder keys are derived (DKGA02) or given, stores them encrypted and never returns them', async ({
    t,
    call,
  }) => {
    const vk = await call('/api/keystore/vendingKey/create', [DEMO_VK]);
    expect(vk.code).toBe(0);
    expect(JSON.stringify(vk)).not.toContain(DEMO_VK.vendingKey);
    const derivedId = iain(1);
    const created = await call<MeterRow[]>('/api/meter/create', [
      {
        meterId: derivedId,
        type: 0,
        protocolVersion: '2.2',
        sgc: '123456',
        krn: 1,
        ti: 1,
        kt: 2,
        stationId: 'NORTH',
      },
      { meterId: 'W-1', type: 1, sgc: '654321', decoderKey: EXPLICIT_KEY.toLowerCase(), stationId: 'NORTH' },
      { meterId: 'G-1', type: 2, stationId: 'SOUTH' },
      { meterId: 'M11', ea: '11', sgc: '654321', decoderKey: EA11_KEY, stationId: 'SOUTH' },
    ]);
    expect(created.code, created.reason).toBe(0);
    expect(created.result.map((m) => [m.meterId, m.hasDecoderKey, m.status])).toEqual([
      [derivedId, true, false],
      ['W-1', true, false],
      ['G-1', false, false],
      ['M11', true, false],
    ]);
    expect(created.result[0]).toMatchObject({ krn: 1, kt: 2, ti: 1, ken: 255 });

    const store = await keyStoreOf(t.app.deps);
    const expected = dkga02({
      meterPAN: meterPanFromIain(derivedId),
      sgc: '123456',
      krn: 1,
      kt: 2,
      ti: 1,
      vendingKey: DEMO_VK.vendingKey,
    });
    expect((await store.decoderKeyFor(derivedId)).decoderKey).toBe(expected);
    expect((await store.getDecoderKey('W-1'))?.decoderKey).toBe(EXPLICIT_KEY);
    expect(await store.getDecoderKey('G-1')).toBeUndefined();

    // At rest: sealed, not the hex.
    const raw = JSON.stringify(
      await t.database.db.execute(
        sql`select * from meter_keys union all select null,key_enc,null,null,null,null,null,null,null,null from vending_keys`,
      ),
    );
    for (const secret of [expected, EXPLICIT_KEY, EA11_KEY, DEMO_VK.vendingKey]) {
      expect(raw.toUpperCase()).not.toContain(secret);
    }

    const read = await call<Page<MeterRow>>('/api/meter/read', { pageSize: 100 });
    expect(read.result.total).toBe(4);
    const addread = await call<Page<MeterRow>>('/api/meter/addread', {});
    expect(addread.result.total).toBe(4);
    const keyed = await call<Page<MeterRow>>('/api/meter/read', { hasDecoderKey: true });
    expect(keyed.result.total).toBe(3);

    const all = responses.join('\n') + JSON.stringify(await t.auditRows());
    for (const secret of [expected, EXPLICIT_KEY, EA11_KEY, DEMO_VK.vendingKey]) {
      expect(all.toUpperCase()).not.toContain(secret);
    }
    expect(all).not.toMatch(/"decoderKey":"[0-9A-F]/i);
  });

  it('updates meters, keeping omitted fields, re-deriving keys when the key identity changes', async ({
    t,
    call,
  }) => {
    const store = await keyStoreOf(t.app.deps);
    const id = iain(1);
    const before = (await store.decoderKeyFor(id)).decoderKey;
    const upd = await call<MeterRow[]>('/api/meter/update', [{ meterId: id, protocolVersion: '3.0', ti: 2 }]);
    expect(upd.code, upd.reason).toBe(0);
    expect(upd.result[0]).toMatchObject({
      protocolVersion: '3.0',
      sgc: '123456',
      ti: 2,
      hasDecoderKey: true,
    });
    const after = (await store.decoderKeyFor(id)).decoderKey;
    expect(after).not.toBe(before);
    expect(after).toBe(
      dkga02({
        meterPAN: meterPanFromIain(id),
        sgc: '123456',
        krn: 1,
        kt: 2,
        ti: 2,
        vendingKey: DEMO_VK.vendingKey,
      }),
    );
    const audit = (await t.auditRows()).at(-1)!;
    expect(audit).toMatchObject({ title: 'Meter', action: 'Update' });
    expect(JSON.parse(audit.contentBefore!).protocolVersion).toBe('2.2');
    expect(JSON.parse(audit.contentAfter!).protocolVersion).toBe('3.0');
    expect(audit.contentAfter).not.toContain(after);

    // No vending key for 654321: changing W-1's TI without a new key would strand the stored one.
    const stranded = await unchangedBy(t.database, () =>
      call('/api/meter/update', [{ meterId: 'W-1', ti: 5 }]),
    );
    expect(stranded.code).not.toBe(0);
    expect(stranded.reason).toMatch(/give the new decoderKey/);
    const rekeyed = await call<MeterRow[]>('/api/meter/update', [
      { meterId: 'W-1', ti: 5, decoderKey: 'FEDCBA9876543210' },
    ]);
    expect(rekeyed.code, rekeyed.reason).toBe(0);
    expect((await store.decoderKeyFor('W-1')).decoderKey).toBe('FEDCBA9876543210');
    expect(JSON.stringify(await t.auditRows())).not.toContain('FEDCBA9876543210');
  });

  it('refuses bad rows, duplicates and clashes, changing nothing', async ({ t, admin }) => {
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/meter/create', [{ meterId: 'X1', sgc: '123456', decoderKey: 'XYZ' }], 400],
        ['/api/meter/create', [{ meterId: 'X1', type: 7 }], 400],
        [
          '/api/meter/create',
          [{ meterId: 'X1', ea: '11', sgc: '123456', decoderKey: EXPLICIT_KEY }],
          /32 hex digits for EA11/,
        ],
        [
          '/api/meter/create',
          [{ meterId: 'X1' }, { meterId: 'x1' }],
          /duplicate lines: line 1 \(X1\), line 2 \(x1\)/,
        ],
        ['/api/meter/import', [{ meterId: 'X2' }, { meterId: 'G-1' }], /Line 2: meter G-1: already exists/],
        [
          '/api/meter/create',
          [{ meterId: 'ABC', sgc: '123456' }],
          /can only be derived for an STS meter number/,
        ],
        ['/api/meter/create', [{ meterId: '47000000010', sgc: '123456' }], /cannot derive the decoder key/],
        ['/api/meter/update', [{ meterId: 'NOPE' }], /meter NOPE: not found/],
        ['/api/meter/create', [{ meterId: 'X3', stationId: 'MOON' }], /Station not found: MOON/],
        ['/api/meter/read', { orderBy: 'decoderKey asc' }, 400],
      ]),
    );
  });

  it('pages, filters and sorts on the server', async ({ t, call }) => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      meterId: iain(100 + i),
      type: i % 3,
      protocolVersion: i % 2 ? '2.2' : '1.0',
      stationId: i < 20 ? 'NORTH' : 'SOUTH',
    }));
    const imp = await call<MeterRow[]>('/api/meter/import', rows);
    expect(imp.code, imp.reason).toBe(0);
    expect((await t.auditRows()).filter((r) => r.title === 'Meter' && r.action === 'Import')).toHaveLength(
      25,
    );
    const p1 = await call<Page<MeterRow>>('/api/meter/read', {
      pageSize: 10,
      pageNumber: 1,
      orderBy: 'meterId desc',
      stationId: 'NORTH',
    });
    const p2 = await call<Page<MeterRow>>('/api/meter/read', {
      pageSize: 10,
      pageNumber: 2,
      orderBy: 'meterId desc',
      stationId: 'NORTH',
    });
    expect(p1.result.total).toBe(22);
    const ids = [...p1.result.data, ...p2.result.data].map((m) => m.meterId);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(20);
    const water = await call<Page<MeterRow>>('/api/meter/read', {
      type: 1,
      protocolVersion: '2.2',
      pageSize: 100,
    });
    expect(water.result.data.every((m) => m.type === 1 && m.protocolVersion === '2.2')).toBe(true);
    expect(water.result.total).toBeGreaterThan(0);
    const search = await call<Page<MeterRow>>('/api/meter/read', { searchTerm: iain(107).slice(-4) });
    expect(search.result.data.map((m) => m.meterId)).toContain(iain(107));
    const defaultPage = await call<Page<MeterRow>>('/api/meter/read', {});
    expect(defaultPage.result.data).toHaveLength(20);
    const range = await call<Page<MeterRow>>('/api/meter/read', {
      createDateRange: ['2000-01-01 00:00:00', '2000-12-31 00:00:00'],
    });
    expect(range.result.total).toBe(0);
  });

  it('scopes station users and refuses users without the key', async ({ t, call }) => {
    const north = await userWithRole(t, {
      userId: 'north_meter',
      content: 'Management.Meter',
      stationId: 'NORTH',
    });
    const read = await call<Page<MeterRow>>('/api/meter/read', { pageSize: 200 }, north);
    expect(read.result.data.every((m) => m.stationId === 'NORTH')).toBe(true);
    expect(read.result.total).toBe(22);
    const other = await userWithRole(t, {
      userId: 'no_meter',
      content: 'Management.Customer',
      stationId: 'NORTH',
    });
    await unchangedBy(t.database, async () => {
      await expectRefusals(t, north, [
        ['/api/meter/create', [{ meterId: 'SPY', stationId: 'SOUTH' }], 403],
        ['/api/meter/update', [{ meterId: 'G-1', remark: 'x' }], 403],
        ['/api/meter/delete', [{ meterId: 'G-1' }], 403],
        ['/api/keystore/vendingKey/create', [{ ...DEMO_VK, krn: 2 }], 403],
      ]);
      await expectRefusals(t, other, [['/api/meter/read', {}, 403]]);
    });
    const own = await call<MeterRow[]>('/api/meter/create', [{ meterId: 'N-OWN' }], north);
    expect(own.result[0]!.stationId).toBe('NORTH');
  });

  it('deletes meters with their keys, auditing the row', async ({ t, call }) => {
    const del = await call<MeterRow[]>('/api/meter/delete', [{ meterId: 'W-1' }]);
    expect(del.code, del.reason).toBe(0);
    const audit = (await t.auditRows()).at(-1)!;
    expect(audit).toMatchObject({ title: 'Meter', action: 'Delete' });
    expect(JSON.parse(audit.contentBefore!).meterId).toBe('W-1');
    expect(await (await keyStoreOf(t.app.deps)).getDecoderKey('W-1')).toBeUndefined();
    const again = await call('/api/meter/delete', [{ meterId: 'W-1' }]);
    expect(again.reason).toMatch(/not found/);
  });
});

describe('meter DevEUI and link fields', () => {
  it('stores a DevEUI in lower case, shows it and the (offline) link state on the grid, filters by it', async ({
    call,
  }) => {
    const res = await call<MeterRow[]>('/api/meter/create', [
      { meterId: '47100000045', communicationWay: 1, devEui: '70B3D5E75E0000AA' },
    ]);
    expect(res.code, res.reason).toBe(0);
    expect(res.result[0]).toMatchObject({
      devEui: '70b3d5e75e0000aa',
      online: false,
      servingGatewayId: null,
    });
    const page = await call<{ data: MeterRow[] }>('/api/meter/read', { devEui: '0000AA' });
    expect(page.result.data.map((r) => r.meterId)).toEqual(['47100000045']);
    const offline = await call<{ total: number }>('/api/meter/read', { online: false });
    expect(offline.result.total).toBeGreaterThan(0);
  });

  it('refuses a DevEUI that is not 16 hex digits, or that another meter has; nothing is written', async ({
    call,
  }) => {
    const bad = await call('/api/meter/create', [{ meterId: '47100000052', devEui: '70b3d5' }]);
    expect(bad.status).toBe(400);
    const taken = await call('/api/meter/create', [
      { meterId: '47100000052', communicationWay: 1, devEui: '70b3d5e75e0000aa' },
    ]);
    expect(taken.code).not.toBe(0);
    expect(taken.reason).toMatch(/devEui 70b3d5e75e0000aa belongs to meter 47100000045/);
    const twice = await call('/api/meter/import', [
      { meterId: '47100000060', devEui: '70b3d5e75e0000bb' },
      { meterId: '47100000078', devEui: '70B3D5E75E0000BB' },
    ]);
    expect(twice.code).not.toBe(0);
    expect(twice.reason).toMatch(/also given to meter 47100000060/);
    const none = await call<{ total: number }>('/api/meter/read', { meterId: '4710000005' });
    expect(none.result.total).toBe(0);
    const upd = await call<MeterRow[]>('/api/meter/update', [
      { meterId: '47100000045', devEui: '70b3d5e75e0000cc' },
    ]);
    expect(upd.result[0]?.devEui).toBe('70b3d5e75e0000cc');
  });
});

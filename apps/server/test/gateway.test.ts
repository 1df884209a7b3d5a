import type { GatewayRow } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { gateways } from '../src/db/schema.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';
import { testConfig } from './test-config.js';

const it = apiTest(createStations);

const gw = (n: number) => `E4-38-19-FF-FE-00-00-${n.toString(16).padStart(2, '0').toUpperCase()}`;

describe('gateways', () => {
  it('creates, reads, updates and deletes with audit rows', async ({ t, admin }) => {
    const create = await t.call<GatewayRow[]>(
      '/api/gateway/create',
      [{ gatewayId: gw(1).toLowerCase(), gatewayName: 'North 1', stationId: 'NORTH' }],
      admin,
    );
    expect(create.code, create.reason).toBe(0);
    expect(create.result[0]).toMatchObject({
      gatewayId: gw(1),
      status: false,
      successRate: 0,
      stationId: 'NORTH',
    });
    expect(await lastAudit(t)).toMatchObject({ title: 'Gateway', action: 'Create', contentBefore: null });
    const upd = await t.call<GatewayRow[]>(
      '/api/gateway/update',
      [{ gatewayId: gw(1), gatewayName: 'North One' }],
      admin,
    );
    expect(upd.result[0]).toMatchObject({ gatewayName: 'North One', stationId: 'NORTH' });
    const changed = await lastAudit(t);
    expect(changed.before.gatewayName).toBe('North 1');
    expect(changed.after.gatewayName).toBe('North One');
    const del = await t.call<GatewayRow[]>('/api/gateway/delete', [{ gatewayId: gw(1) }], admin);
    expect(del.result).toHaveLength(1);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Gateway', action: 'Delete' });
  });

  it('validates ids, refuses duplicates and clashes all-or-nothing', async ({ t, admin }) => {
    await t.call('/api/gateway/create', [{ gatewayId: gw(2), stationId: 'SOUTH' }], admin);
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/gateway/create', [{ gatewayId: 'not-an-eui' }], 400],
        [
          '/api/gateway/import',
          [{ gatewayId: gw(3) }, { gatewayId: gw(3).toLowerCase() }],
          /duplicate lines/,
        ],
        [
          '/api/gateway/import',
          [{ gatewayId: gw(4) }, { gatewayId: gw(2) }],
          /Line 2: gateway .*already exists/,
        ],
      ]),
    );
  });

  it('pages, filters, sorts and scopes by station', async ({ t, admin }) => {
    await t.call(
      '/api/gateway/import',
      Array.from({ length: 12 }, (_, i) => ({
        gatewayId: gw(16 + i),
        gatewayName: `G${i}`,
        stationId: i % 2 ? 'NORTH' : 'SOUTH',
      })),
      admin,
    );
    const page = await t.call<Page<GatewayRow>>(
      '/api/gateway/read',
      { pageSize: 5, orderBy: 'gatewayName desc', gatewayName: 'G' },
      admin,
    );
    expect(page.result.total).toBe(12);
    expect(page.result.data).toHaveLength(5);
    const names = page.result.data.map((g) => g.gatewayName ?? '');
    expect(names).toEqual([...names].sort().reverse());
    const byName = await t.call<Page<GatewayRow>>('/api/gateway/read', { gatewayName: 'g1' }, admin);
    expect(byName.result.data.map((g) => g.gatewayName).sort()).toEqual(['G1', 'G10', 'G11']);
    const north = await northUser(t, 'gw_north', 'Management.Gateway');
    const mine = await t.call<Page<GatewayRow>>('/api/gateway/read', { pageSize: 100 }, north);
    expect(mine.result.total).toBe(6);
    expect(mine.result.data.every((g) => g.stationId === 'NORTH')).toBe(true);
    const noKey = await northUser(t, 'gw_none', 'Management.Meter');
    await unchangedBy(t.database, async () => {
      await expectRefusals(t, north, [
        ['/api/gateway/delete', [{ gatewayId: gw(2) }], 403],
        ['/api/gateway/create', [{ gatewayId: gw(99), stationId: 'SOUTH' }], 403],
      ]);
      await expectRefusals(t, noKey, [['/api/gateway/read', {}, 403]]);
    });
  });

  it('marks a gateway stale when it is stored online but silent past the head-end threshold', async ({
    t,
    admin,
  }) => {
    await t.call(
      '/api/gateway/create',
      [1, 2, 3, 4].map((n) => ({ gatewayId: gw(0x40 + n), stationId: 'NORTH' })),
      admin,
    );
    const silenceMs = testConfig().headend.lorawanSilenceSeconds * 1000;
    const now = t.clock.now().getTime();
    const set = (n: number, status: boolean, ago: number | null) =>
      t.database.db
        .update(gateways)
        .set({ status, lastSeen: ago === null ? null : new Date(now - ago) })
        .where(eq(gateways.gatewayId, gw(0x40 + n)));
    await set(1, true, 60_000); // heard a minute ago
    await set(2, true, silenceMs + 60_000); // "online", silent past the threshold
    await set(3, false, silenceMs * 4); // offline: not stale, just offline
    await set(4, true, null); // "online", never heard
    const page = await t.call<Page<GatewayRow>>(
      '/api/gateway/read',
      { pageSize: 100, gatewayId: 'FE-00-00-4' },
      admin,
    );
    expect(page.code, page.reason).toBe(0);
    const stale = Object.fromEntries(page.result.data.map((g) => [g.gatewayId, g.stale]));
    expect(stale).toEqual({ [gw(0x41)]: false, [gw(0x42)]: true, [gw(0x43)]: false, [gw(0x44)]: true });
  });
});

import type { GatewayRow } from '@prepay/contracts';
import { describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.js';
import { appForSuite, type TestApp, userWithRole } from './harness.js';
import { createStations, type Page } from './masterdata-fixtures.js';

let t: TestApp;
let admin: string;
appForSuite((app) => {
  ({ t, admin } = app);
}, createStations);

const gw = (n: number) => `E4-38-19-FF-FE-00-00-${n.toString(16).padStart(2, '0').toUpperCase()}`;

describe('gateways', () => {
  it('creates, reads, updates and deletes with audit rows', async () => {
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
    let audit = (await t.auditRows()).at(-1)!;
    expect(audit).toMatchObject({ title: 'Gateway', action: 'Create', contentBefore: null });
    const upd = await t.call<GatewayRow[]>(
      '/api/gateway/update',
      [{ gatewayId: gw(1), gatewayName: 'North One' }],
      admin,
    );
    expect(upd.result[0]).toMatchObject({ gatewayName: 'North One', stationId: 'NORTH' });
    audit = (await t.auditRows()).at(-1)!;
    expect(JSON.parse(audit.contentBefore!).gatewayName).toBe('North 1');
    expect(JSON.parse(audit.contentAfter!).gatewayName).toBe('North One');
    const del = await t.call<GatewayRow[]>('/api/gateway/delete', [{ gatewayId: gw(1) }], admin);
    expect(del.result).toHaveLength(1);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Gateway', action: 'Delete' });
  });

  it('validates ids, refuses duplicates and clashes all-or-nothing', async () => {
    await t.call('/api/gateway/create', [{ gatewayId: gw(2), stationId: 'SOUTH' }], admin);
    const fp = await fingerprint(t.database);
    expect((await t.call('/api/gateway/create', [{ gatewayId: 'not-an-eui' }], admin)).status).toBe(400);
    const dup = await t.call(
      '/api/gateway/import',
      [{ gatewayId: gw(3) }, { gatewayId: gw(3).toLowerCase() }],
      admin,
    );
    expect(dup.reason).toMatch(/duplicate lines/);
    const clash = await t.call('/api/gateway/import', [{ gatewayId: gw(4) }, { gatewayId: gw(2) }], admin);
    expect(clash.reason).toMatch(/Line 2: gateway .*already exists/);
    expect(await fingerprint(t.database)).toEqual(fp);
  });

  it('pages, filters, sorts and scopes by station', async () => {
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
    const north = await userWithRole(t, {
      userId: 'gw_north',
      content: 'Management.Gateway',
      stationId: 'NORTH',
    });
    const mine = await t.call<Page<GatewayRow>>('/api/gateway/read', { pageSize: 100 }, north);
    expect(mine.result.total).toBe(6);
    expect(mine.result.data.every((g) => g.stationId === 'NORTH')).toBe(true);
    const noKey = await userWithRole(t, {
      userId: 'gw_none',
      content: 'Management.Meter',
      stationId: 'NORTH',
    });
    const fp = await fingerprint(t.database);
    expect((await t.call('/api/gateway/delete', [{ gatewayId: gw(2) }], north)).status).toBe(403);
    expect(
      (await t.call('/api/gateway/create', [{ gatewayId: gw(99), stationId: 'SOUTH' }], north)).status,
    ).toBe(403);
    expect((await t.call('/api/gateway/read', {}, noKey)).status).toBe(403);
    expect(await fingerprint(t.database)).toEqual(fp);
  });
});

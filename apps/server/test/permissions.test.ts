import {
  ALL_PERMISSION_KEYS,
  AUTHENTICATED,
  type PermissionKey,
  PUBLIC,
  type RoutePermission,
} from '@prepay/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuth, type RegisteredRoute } from '../src/http/auth-hook.js';
import { fingerprint } from './fingerprint.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const apiRoutes = () => t.app.apiRoutes.filter((r) => r.method === 'POST' && /^\/api\//i.test(r.url));
const keysOf = (p: RoutePermission): PermissionKey[] =>
  p === PUBLIC || p === AUTHENTICATED ? [] : typeof p === 'string' ? [p as PermissionKey] : [...p];

/**
 * A master-data module's writes: create and import `row`, update `update` (the row unless given), delete
 * by `key`.
 */
const writesOf = (module: string, row: object, key: object, update: object = row) => ({
  [`/api/${module}/create`]: [row],
  [`/api/${module}/import`]: [row],
  [`/api/${module}/update`]: [update],
  [`/api/${module}/delete`]: [key],
});
const EVIL_GATEWAY = 'E4-38-19-FF-FE-00-00-99';
const EVIL_ITEM = { itemType: 'Evil', itemName: 'Evil' };
const EVIL_DLT645 = { version: '2.2', type: 0, flag: '901F' };

/** A body shaped like what the route takes, so a request that slipped through would really change data. */
const SAMPLE_BODIES: Record<string, unknown> = {
  ...writesOf(
    'user',
    { userId: 'intruder', roleId: 'admin', stationId: '0001', password: 'Intruder#123' },
    { userId: 'editor' },
    { userId: 'admin', roleId: 'admin', stationId: '0001', status: 1 },
  ),
  '/api/user/reset': { userId: 'admin' },
  ...writesOf(
    'role',
    { roleId: 'evil', name: 'evil', content: '' },
    { roleId: 'editor' },
    { roleId: 'admin', name: 'admin', content: '' },
  ),
  '/api/station/create': [{ stationId: 'EVIL', name: 'Evil' }],
  '/api/station/update': [{ stationId: '0001', name: 'Renamed' }],
  '/api/station/delete': [{ stationId: 'NORTH' }],
  ...writesOf('gateway', { gatewayId: EVIL_GATEWAY, gatewayName: 'evil' }, { gatewayId: EVIL_GATEWAY }),
  ...writesOf('meter', { meterId: 'EVIL1' }, { meterId: 'EVIL1' }, { meterId: 'EVIL1', remark: 'x' }),
  ...writesOf('customer', { customerId: 'EVIL1', customerName: 'evil' }, { customerId: 'EVIL1' }),
  ...writesOf('tariff', { tariffId: 'EVIL1', tariffName: 'evil', price: '1' }, { tariffId: 'EVIL1' }),
  ...writesOf('debt', { customerId: 'EVIL1', totalDebt: '1' }, { customerId: 'EVIL1' }),
  ...writesOf(
    'account',
    { customerId: 'EVIL1', meterId: 'EVIL1', tariffId: 'EVIL1' },
    { customerId: 'EVIL1', meterId: 'EVIL1' },
  ),
  ...writesOf('item', EVIL_ITEM, EVIL_ITEM, { ...EVIL_ITEM, en: 'x' }),
  '/api/image/delete': [{ slot: 'loginBackground' }],
  '/api/keystore/vendingkey/create': [{ sgc: '999999', krn: 1, vendingKey: 'ABABABABABABABAB' }],
  '/api/keystore/vendingkey/delete': [{ sgc: '999999', krn: 1 }],
  ...writesOf(
    'dlt645',
    { version: '9.9', type: 0, flag: '901F', control: '11', di: '00010000' },
    EVIL_DLT645,
    { ...EVIL_DLT645, nameEN: 'Evil' },
  ),
  '/api/remotemetertask/createreadingtask': [{ meterId: '47100000003', flag: '901F' }],
  '/api/remotemetertask/createsettingtask': [{ meterId: '47100000003', flag: 'C010' }],
  '/api/remotemetertask/createcontroltask': [{ meterId: '47100000003', flag: 'C03C' }],
  '/api/remotemetertask/createtokentask': [{ meterId: '47100000003', data: '12345678901234567890' }],
  '/api/remotemetertask/createtransparentforwardingtask': [
    { meterId: '47100000003', sendFrame: '68 03 00 00 00 10 47 68 11 04 33 33 34 33 E1 16' },
  ],
  '/api/remotemetertask/updatereadingtask': [{ id: 1 }],
  '/api/remotemetertask/updatesettingtask': [{ id: 1 }],
  '/api/remotemetertask/updatecontroltask': [{ id: 1 }],
  '/api/remotemetertask/updatetokentask': [{ id: 1 }],
  '/api/remotemetertask/updatetransparentforwardingtask': [{ id: 1 }],
};

describe('permission matrix', () => {
  it('every /api route declares a permission key that exists', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      expect(r.permission, r.url).toBeDefined();
      for (const key of keysOf(r.permission!)) expect(ALL_PERMISSION_KEYS, r.url).toContain(key);
    }
  });

  it('the app refuses to register an /api route without a permission key', async () => {
    const app = Fastify();
    installAuth(app, {} as never, [] as RegisteredRoute[]);
    expect(() => app.post('/api/unguarded/write', async () => 'oops')).toThrow(/without a permission key/);
    expect(() => app.post('/API/Other', { config: {} }, async () => 'oops')).toThrow(
      /without a permission key/,
    );
    await app.close();
  });

  it('every gated route answers 403 to a role without its key and changes nothing', async () => {
    const gated = apiRoutes().filter((r) => keysOf(r.permission!).length > 0);
    expect(gated.length).toBeGreaterThan(15);
    const tokens = new Map<string, string>();
    const labelOf = (route: (typeof gated)[number]) => [...keysOf(route.permission!)].sort().join('|');
    let n = 0;
    for (const route of gated) {
      const lacking = keysOf(route.permission!);
      const label = labelOf(route);
      if (tokens.has(label)) continue;
      // The role holds every other key: only the missing one can explain the refusal.
      const content = ALL_PERMISSION_KEYS.filter((k) => !lacking.includes(k)).join(',');
      tokens.set(label, await userWithRole(t, { userId: `lacks${n++}`, content }));
    }
    // The users exist before the first digest, so every refused call must leave exactly this content.
    const before = await fingerprint(t.database);
    for (const route of gated) {
      const res = await t.call(
        route.url,
        SAMPLE_BODIES[route.url.toLowerCase()] ?? {},
        tokens.get(labelOf(route)),
      );
      expect(res.status, route.url).toBe(403);
      expect(res.code, route.url).toBe(403);
      expect(await fingerprint(t.database), route.url).toEqual(before);
    }
  });

  it('every non-public route answers 401 without a token and changes nothing', async () => {
    const before = await fingerprint(t.database);
    for (const route of apiRoutes().filter((r) => r.permission !== PUBLIC)) {
      const res = await t.call(route.url, SAMPLE_BODIES[route.url.toLowerCase()] ?? {});
      expect(res.status, route.url).toBe(401);
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('the sample bodies really change data when the key is held (so the 403 test means something)', async () => {
    const admin = await t.adminToken();
    const before = await fingerprint(t.database);
    const res = await t.call('/api/station/create', SAMPLE_BODIES['/api/station/create'], admin);
    expect(res.code).toBe(0);
    expect(await fingerprint(t.database)).not.toEqual(before);
  });
});

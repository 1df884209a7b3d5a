import type { MeterRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { apiTest } from './harness.js';

const it = apiTest();

describe('meter DevEUI and link fields', () => {
  it('stores a DevEUI in lower case, shows it and the (offline) link state on the grid, filters by it', async ({
    t,
    admin,
  }) => {
    const res = await t.call<MeterRow[]>(
      '/api/meter/create',
      [{ meterId: '47100000045', communicationWay: 1, devEui: '70B3D5E75E0000AA' }],
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result[0]).toMatchObject({
      devEui: '70b3d5e75e0000aa',
      online: false,
      servingGatewayId: null,
    });
    const page = await t.call<{ data: MeterRow[] }>('/api/meter/read', { devEui: '0000AA' }, admin);
    expect(page.result.data.map((r) => r.meterId)).toEqual(['47100000045']);
    const offline = await t.call<{ total: number }>('/api/meter/read', { online: false }, admin);
    expect(offline.result.total).toBeGreaterThan(0);
  });

  it('refuses a DevEUI that is not 16 hex digits, or that another meter has; nothing is written', async ({
    t,
    admin,
  }) => {
    const bad = await t.call('/api/meter/create', [{ meterId: '47100000052', devEui: '70b3d5' }], admin);
    expect(bad.status).toBe(400);
    const taken = await t.call(
      '/api/meter/create',
      [{ meterId: '47100000052', communicationWay: 1, devEui: '70b3d5e75e0000aa' }],
      admin,
    );
    expect(taken.code).not.toBe(0);
    expect(taken.reason).toMatch(/devEui 70b3d5e75e0000aa belongs to meter 47100000045/);
    const twice = await t.call(
      '/api/meter/import',
      [
        { meterId: '47100000060', devEui: '70b3d5e75e0000bb' },
        { meterId: '47100000078', devEui: '70B3D5E75E0000BB' },
      ],
      admin,
    );
    expect(twice.code).not.toBe(0);
    expect(twice.reason).toMatch(/also given to meter 47100000060/);
    const none = await t.call<{ total: number }>('/api/meter/read', { meterId: '4710000005' }, admin);
    expect(none.result.total).toBe(0);
    const upd = await t.call<MeterRow[]>(
      '/api/meter/update',
      [{ meterId: '47100000045', devEui: '70b3d5e75e0000cc' }],
      admin,
    );
    expect(upd.result[0]?.devEui).toBe('70b3d5e75e0000cc');
  });
});

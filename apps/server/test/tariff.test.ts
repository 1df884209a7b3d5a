import type { TariffRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { ADMIN_PASSWORD, apiTest, expectRefusals, lastAudit, type Refusal } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';

const it = apiTest(createStations);

const residential = {
  tariffId: 'RESIDENTIAL',
  tariffName: 'Residential',
  price: '350',
  tax: 7.5,
  steps: [
    { start: 0, end: 50, price: '0.29' },
    { start: 50, end: 200.5, price: 300.1 },
    { start: 200.5, end: null, price: '350.00' },
  ],
  monthlyCharge: '1500.50',
  billingDay: 5,
  startTime: '2026-01-01 00:00:00',
};

describe('tariffs', () => {
  it('stores money exactly and shows steps, VAT and monthly charge', async ({ t, admin }) => {
    const c = await t.call<TariffRow[]>('/api/tariff/create', [residential], admin);
    expect(c.code, c.reason).toBe(0);
    expect(c.result[0]).toMatchObject({
      // As sent: the original's price is a string and "350" reads back as "350".
      price: '350',
      tax: 7.5,
      monthlyCharge: 1500.5,
      billingDay: 5,
      steps: [
        { start: 0, end: 50, price: 0.29 },
        { start: 50, end: 200.5, price: 300.1 },
        { start: 200.5, end: null, price: 350 },
      ],
      passiveActivated: false,
      startTime_New: null,
      stationId: '0001',
    });
    expect(await lastAudit(t)).toMatchObject({ title: 'Tariff', action: 'Create' });
  });

  it('validates amounts, steps and the passive part', async ({ t, admin }) => {
    // The residential tariff again as X, changed by `patch`, refused as `expected`.
    const bad = (patch: object, expected: Refusal[2]): Refusal => [
      '/api/tariff/create',
      [{ ...residential, tariffId: 'X', ...patch }],
      expected,
    ];
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        bad({ price: '1.234' }, 400),
        bad({ price: -1 }, 400),
        bad({ tax: 101 }, 400),
        bad({ billingDay: 31 }, 400),
        bad({ startTime_New: '2027-01-01 00:00:00' }, 400),
        bad(
          {
            steps: [
              { start: 0, end: 10, price: 1 },
              { start: 20, price: 2 },
            ],
          },
          /step 2 must start where step 1 ends/,
        ),
        bad(
          {
            steps: [
              { start: 0, price: 1 },
              { start: 10, price: 2 },
            ],
          },
          /only the last step may be open-ended/,
        ),
        [
          '/api/tariff/import',
          [{ ...residential, tariffId: 'OK1' }, residential],
          /Line 2: tariff RESIDENTIAL: already exists/,
        ],
      ]),
    );
  });

  it('pages, sorts, filters, scopes and refuses without the key', async ({ t, admin }) => {
    await t.call(
      '/api/tariff/import',
      ['COMMERCIAL', 'PRODUCTIVE', 'PUBLIC'].map((id, i) => ({
        ...residential,
        tariffId: id,
        tariffName: id,
        price: 100 + i,
        stationId: i ? 'NORTH' : 'SOUTH',
      })),
      admin,
    );
    const sorted = await t.call<Page<TariffRow>>(
      '/api/tariff/read',
      { orderBy: 'price desc', pageSize: 2 },
      admin,
    );
    expect(sorted.result.total).toBe(4);
    expect(sorted.result.data.map((r) => r.tariffId)).toEqual(['RESIDENTIAL', 'PUBLIC']);
    const byPrice = await t.call<Page<TariffRow>>('/api/tariff/read', { price: '101' }, admin);
    expect(byPrice.result.data.map((r) => r.tariffId)).toEqual(['PRODUCTIVE']);
    const north = await northUser(t, 'tar_north', 'Management.Account');
    const seen = await t.call<Page<TariffRow>>('/api/tariff/read', {}, north);
    expect(seen.result.data.map((r) => r.tariffId).sort()).toEqual(['PRODUCTIVE', 'PUBLIC']);
    await unchangedBy(t.database, () =>
      expectRefusals(t, north, [['/api/tariff/create', [{ ...residential, tariffId: 'N1' }], 403]]),
    );
    const del = await t.call('/api/tariff/delete', [{ tariffId: 'PUBLIC' }], admin);
    expect(del.code).toBe(0);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Tariff', action: 'Delete' });
  });
  it('activates the passive tariff when its start time passes (resolved on read)', async ({ t, admin }) => {
    // The test clock starts 2026-11-22 08:00 UTC.
    const u = await t.call<TariffRow[]>(
      '/api/tariff/update',
      [
        {
          ...residential,
          startTime_New: '2026-11-23 00:00:00',
          price_New: '400',
          steps_New: [{ start: 0, price: '380' }],
        },
      ],
      admin,
    );
    expect(u.code, u.reason).toBe(0);
    expect(u.result[0]).toMatchObject({
      price: '350',
      price_New: '400',
      startTime_New: '2026-11-23 00:00:00',
      passiveActivated: false,
    });
    expect((await lastAudit(t)).before.price_New).toBeNull();
    t.clock.advanceMinutes(24 * 60);
    // A day later the session has idled out: sign in again.
    admin = await t.login('admin', ADMIN_PASSWORD);
    const r = await t.call<Page<TariffRow>>('/api/tariff/read', { tariffId: 'RESIDENTIAL' }, admin);
    expect(r.result.data[0]).toMatchObject({
      price: '400',
      steps: [{ start: 0, end: null, price: 380 }],
      tax: 7.5,
      startTime: '2026-11-23 00:00:00',
      price_New: null,
      passiveActivated: true,
    });
  });
});

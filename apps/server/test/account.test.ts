import type { AccountRow, MeterRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit, suiteHelper, type TestApp } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';

/** The stations, then customers, meters and tariffs on both to bind into accounts. */
async function accountParts(t: TestApp, admin: string) {
  await createStations(t, admin);
  const ok = async (url: string, body: unknown) => {
    const r = await t.call(url, body, admin);
    if (r.code !== 0) throw new Error(`${url}: ${r.reason}`);
  };
  await ok('/api/customer/create', [
    { customerId: 'C1', customerName: 'Ada', address: '1 Market Rd', stationId: 'NORTH' },
    { customerId: 'C2', customerName: 'Bola', stationId: 'NORTH' },
    { customerId: 'C3', customerName: 'Chen', stationId: 'SOUTH' },
  ]);
  await ok('/api/meter/create', [
    { meterId: 'M1', type: 0, protocolVersion: '2.2', stationId: 'NORTH' },
    { meterId: 'M2', type: 1, stationId: 'NORTH' },
    { meterId: 'M3', type: 2, communicationWay: 0, stationId: 'NORTH' },
    { meterId: 'M4', stationId: 'SOUTH' },
  ]);
  await ok('/api/tariff/create', [
    { tariffId: 'SHARED', tariffName: 'Shared', price: '350' },
    { tariffId: 'SOUTHONLY', tariffName: 'South', price: '300', stationId: 'SOUTH' },
  ]);
}

/** Whether the meter is marked used (bound to an account). */
const meterStatusWith = (t: TestApp, admin: string) => async (id: string) =>
  (await t.call<Page<MeterRow>>('/api/meter/read', { meterId: id }, admin)).result.data.find(
    (m) => m.meterId === id,
  )?.status;

const it = apiTest(accountParts).extend('meterStatus', suiteHelper(meterStatusWith));

describe('accounts', () => {
  it('binds customer, meter and tariff, marks the meter used and joins the names', async ({
    t,
    admin,
    meterStatus,
  }) => {
    const c = await t.call<AccountRow[]>(
      '/api/account/create',
      [{ customerId: 'C1', meterId: 'M1', tariffId: 'SHARED', ctRatio: '100/5' }],
      admin,
    );
    expect(c.code, c.reason).toBe(0);
    expect(c.result[0]).toMatchObject({
      customerId: 'C1',
      customerName: 'Ada',
      customerAddress: '1 Market Rd',
      meterId: 'M1',
      meterType: 0,
      protocolVersion: '2.2',
      communicationWay: 1,
      tariffId: 'SHARED',
      ctRatio: '100/5',
      stationId: 'NORTH',
    });
    expect(await meterStatus('M1')).toBe(true);
    expect((await t.auditRows()).at(-1)).toMatchObject({
      title: 'Account',
      action: 'Create',
      contentBefore: null,
    });
    const unused = await t.call<Page<MeterRow>>('/api/meter/addread', { pageSize: 100 }, admin);
    expect(unused.result.data.map((m) => m.meterId)).not.toContain('M1');
  });

  it('refuses a second account for a meter, foreign stations and missing rows, all or nothing', async ({
    t,
    admin,
  }) => {
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        [
          '/api/account/create',
          [
            { customerId: 'C2', meterId: 'M2', tariffId: 'SHARED' },
            { customerId: 'C2', meterId: 'M1', tariffId: 'SHARED' },
          ],
          /Line 2: account of meter M1: meter M1 already has an account \(customer C1\)/,
        ],
        [
          '/api/account/create',
          [{ customerId: 'C3', meterId: 'M2', tariffId: 'SHARED' }],
          /meter M2 belongs to station NORTH/,
        ],
        [
          '/api/account/create',
          [{ customerId: 'C2', meterId: 'M2', tariffId: 'SOUTHONLY' }],
          /tariff SOUTHONLY belongs to station SOUTH/,
        ],
        [
          '/api/account/create',
          [{ customerId: 'NOPE', meterId: 'M9', tariffId: 'T9' }],
          /customer NOPE not found.*meter M9 not found.*tariff T9 not found/,
        ],
        ['/api/meter/delete', [{ meterId: 'M1' }], /bound to the account of customer C1/],
        ['/api/customer/delete', [{ customerId: 'C1' }], /has the account of meter M1/],
        ['/api/tariff/delete', [{ tariffId: 'SHARED' }], /used by accounts/],
      ]),
    );
  });

  it('re-homes an account to another meter with oldMeterId', async ({ t, admin, meterStatus }) => {
    const u = await t.call<AccountRow[]>(
      '/api/account/update',
      [{ customerId: 'C1', meterId: 'M2', oldMeterId: 'M1', tariffId: 'SHARED' }],
      admin,
    );
    expect(u.code, u.reason).toBe(0);
    expect(u.result[0]).toMatchObject({ meterId: 'M2', meterType: 1, ctRatio: '100/5' });
    expect(await meterStatus('M1')).toBe(false);
    expect(await meterStatus('M2')).toBe(true);
    const audit = await lastAudit(t);
    expect(audit.before.meterId).toBe('M1');
    expect(audit.after.meterId).toBe('M2');
  });

  it('pages, filters on joined columns, sorts and scopes', async ({ t, admin }) => {
    await t.call(
      '/api/account/import',
      [
        { customerId: 'C2', meterId: 'M3', tariffId: 'SHARED' },
        { customerId: 'C3', meterId: 'M4', tariffId: 'SOUTHONLY' },
      ],
      admin,
    );
    const all = await t.call<Page<AccountRow>>('/api/account/read', { orderBy: 'customerName desc' }, admin);
    expect(all.result.total).toBe(3);
    expect(all.result.data.map((a) => a.customerName)).toEqual(['Chen', 'Bola', 'Ada']);
    const gprs = await t.call<Page<AccountRow>>('/api/account/read', { communicationWay: 0 }, admin);
    expect(gprs.result.data.map((a) => a.meterId)).toEqual(['M3']);
    const byName = await t.call<Page<AccountRow>>('/api/account/read', { customerName: 'ad' }, admin);
    expect(byName.result.data.map((a) => a.meterId)).toEqual(['M2']);
    const search = await t.call<Page<AccountRow>>('/api/account/read', { searchTerm: 'chen' }, admin);
    expect(search.result.total).toBe(1);
    const north = await northUser(t, 'acc_north', 'Management.Account');
    const mine = await t.call<Page<AccountRow>>('/api/account/read', {}, north);
    expect(mine.result.data.map((a) => a.stationId)).toEqual(['NORTH', 'NORTH']);
    await unchangedBy(t.database, () =>
      expectRefusals(t, north, [['/api/account/delete', [{ customerId: 'C3', meterId: 'M4' }], 403]]),
    );
  });

  it('deletes an account (customerId + meterId) and frees the meter', async ({ t, admin, meterStatus }) => {
    const wrongPair = await t.call('/api/account/delete', [{ customerId: 'C2', meterId: 'M2' }], admin);
    expect(wrongPair.reason).toMatch(/no account binds customer C2 and meter M2/);
    const d = await t.call<AccountRow[]>('/api/account/delete', [{ customerId: 'C1', meterId: 'M2' }], admin);
    expect(d.code, d.reason).toBe(0);
    expect(await meterStatus('M2')).toBe(false);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Account', action: 'Delete' });
  });
});

interface DebtRow {
  customerId: string;
  customerName: string | null;
  totalDebt: number;
  remainingDebt: number;
  payDebt: number;
  stationId: string;
}

describe('debts', () => {
  it('keeps one debt per customer in its station, with total, remaining and paid', async ({ t, admin }) => {
    const c = await t.call<DebtRow[]>(
      '/api/debt/create',
      [
        { customerId: 'C1', totalDebt: '1500.75' },
        { customerId: 'C3', totalDebt: 20 },
      ],
      admin,
    );
    expect(c.code, c.reason).toBe(0);
    expect(c.result[0]).toMatchObject({
      customerName: 'Ada',
      totalDebt: 1500.75,
      remainingDebt: 1500.75,
      payDebt: 0,
      stationId: 'NORTH',
    });
    expect(c.result[1]).toMatchObject({ stationId: 'SOUTH' });
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/debt/create', [{ customerId: 'C2', totalDebt: '1.001' }], 400],
        ['/api/debt/create', [{ customerId: 'C1', totalDebt: 5 }], /already exists/],
        ['/api/debt/create', [{ customerId: 'GHOST', totalDebt: 5 }], /customer not found/],
      ]),
    );
    const u = await t.call<DebtRow[]>('/api/debt/update', [{ customerId: 'C1', totalDebt: 2000 }], admin);
    expect(u.result[0]).toMatchObject({ totalDebt: 2000, remainingDebt: 2000 });
    expect((await lastAudit(t)).before.totalDebt).toBe(1500.75);
    const r = await t.call<Page<DebtRow>>(
      '/api/debt/read',
      { orderBy: 'totalDebt desc', customerName: 'a' },
      admin,
    );
    expect(r.result.data.map((d) => d.customerId)).toEqual(['C1']);
    const north = await northUser(t, 'debt_north', 'Management.Debt');
    const mine = await t.call<Page<DebtRow>>('/api/debt/read', {}, north);
    expect(mine.result.data.map((d) => d.customerId)).toEqual(['C1']);
    await expectRefusals(t, north, [['/api/debt/update', [{ customerId: 'C3', totalDebt: 1 }], 403]]);
    const d = await t.call('/api/debt/delete', [{ customerId: 'C3' }], admin);
    expect(d.code).toBe(0);
  });
});

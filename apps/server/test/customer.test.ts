import type { CustomerRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';

const it = apiTest(createStations);

describe('customers', () => {
  it('creates, reads, updates and deletes with before/after audit', async ({ t, admin }) => {
    const c = await t.call<CustomerRow[]>(
      '/api/customer/create',
      [
        {
          customerId: '47000001',
          customerName: 'Ada Obi',
          phone: '0803',
          address: '1 Market Rd',
          stationId: 'NORTH',
        },
      ],
      admin,
    );
    expect(c.code, c.reason).toBe(0);
    expect(c.result[0]).toMatchObject({ customerId: '47000001', type: 0, stationId: 'NORTH' });
    const u = await t.call<CustomerRow[]>(
      '/api/customer/update',
      [{ customerId: '47000001', customerName: 'Ada N. Obi' }],
      admin,
    );
    // Fields left out keep their value.
    expect(u.result[0]).toMatchObject({ customerName: 'Ada N. Obi', phone: '0803', address: '1 Market Rd' });
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ title: 'Customer', action: 'Update' });
    expect(audit.before.customerName).toBe('Ada Obi');
    expect(audit.after.customerName).toBe('Ada N. Obi');
    const r = await t.call<Page<CustomerRow>>('/api/customer/read', { customerName: 'n. obi' }, admin);
    expect(r.result.total).toBe(1);
    const d = await t.call<CustomerRow[]>('/api/customer/delete', [{ customerId: '47000001' }], admin);
    expect(d.code).toBe(0);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Customer', action: 'Delete' });
  });

  it('rejects invalid rows, duplicates and clashes without writing', async ({ t, admin }) => {
    await t.call('/api/customer/create', [{ customerId: 'C1', customerName: 'One' }], admin);
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        ['/api/customer/create', [{ customerId: 'C2' }], 400],
        ['/api/customer/create', [], 400],
        [
          '/api/customer/create',
          [
            { customerId: 'C3', customerName: 'a' },
            { customerId: 'c3', customerName: 'b' },
          ],
          /duplicate lines/,
        ],
        [
          '/api/customer/import',
          [
            { customerId: 'C4', customerName: 'a' },
            { customerId: 'C1', customerName: 'b' },
          ],
          /Line 2: customer C1: already exists/,
        ],
      ]),
    );
  });

  it('pages, searches, sorts and scopes', async ({ t, admin }) => {
    await t.call(
      '/api/customer/import',
      Array.from({ length: 30 }, (_, i) => ({
        customerId: `N${String(i).padStart(3, '0')}`,
        customerName: `Name ${String(29 - i).padStart(2, '0')}`,
        stationId: i < 15 ? 'NORTH' : 'SOUTH',
      })),
      admin,
    );
    const p = await t.call<Page<CustomerRow>>(
      '/api/customer/read',
      { pageSize: 7, pageNumber: 2, orderBy: 'customerName asc' },
      admin,
    );
    expect(p.result.total).toBe(31);
    expect(p.result.data).toHaveLength(7);
    const names = p.result.data.map((c) => c.customerName);
    expect(names).toEqual([...names].sort());
    const search = await t.call<Page<CustomerRow>>('/api/customer/read', { searchTerm: 'N01' }, admin);
    expect(search.result.data.map((c) => c.customerId).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `N01${i}`),
    );
    const north = await northUser(t, 'cust_north', 'Management.Customer');
    const mine = await t.call<Page<CustomerRow>>('/api/customer/read', { pageSize: 100 }, north);
    expect(mine.result.total).toBe(15);
    await unchangedBy(t.database, () =>
      expectRefusals(t, north, [
        ['/api/customer/update', [{ customerId: 'N020', customerName: 'x' }], 403],
        ['/api/customer/create', [{ customerId: 'S1', customerName: 'x', stationId: 'SOUTH' }], 403],
      ]),
    );
  });
});

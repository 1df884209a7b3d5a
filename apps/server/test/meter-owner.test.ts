import type { MeterRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { meters } from '../src/db/schema.js';
import { apiTest, type TestApp } from './harness.js';
import type { Page } from './masterdata-fixtures.js';
import { vendableMeter } from './vending-fixture.js';

/** Two bound meters (their customers "Customer 4710…") and one unused meter. */
const it = apiTest(async (t) => {
  await vendableMeter(t, { meterId: '47100000301' });
  await vendableMeter(t, { meterId: '47100000302' });
  await t.database.db.insert(meters).values({ meterId: '47100000399', stationId: '0001' });
});

const read = (t: TestApp, admin: string, body: object) =>
  t.call<Page<MeterRow>>('/api/meter/read', { pageSize: 50, ...body }, admin);

describe('the meter list names each meter’s owner', () => {
  it('answers the customer of the account that holds the meter, null for an unused meter', async ({
    t,
    admin,
  }) => {
    const all = await read(t, admin, {});
    expect(all.code, all.reason).toBe(0);
    const owners = Object.fromEntries(
      all.result.data.map((m) => [m.meterId, [m.customerId, m.customerName]]),
    );
    expect(owners).toEqual({
      '47100000301': ['C47100000301', 'Customer 47100000301'],
      '47100000302': ['C47100000302', 'Customer 47100000302'],
      '47100000399': [null, null],
    });
  });

  it('filters by the owner’s name (a literal text, case-insensitive) and sorts by it', async ({
    t,
    admin,
  }) => {
    const one = await read(t, admin, { customerName: 'customer 47100000302' });
    expect(one.result.data.map((m) => m.meterId)).toEqual(['47100000302']);
    expect(one.result.total).toBe(1);
    const literal = await read(t, admin, { customerName: '%' });
    expect(literal.result.total).toBe(0);
    const sorted = await read(t, admin, { orderBy: 'customerName desc' });
    expect(sorted.code, sorted.reason).toBe(0);
    expect(sorted.result.data.map((m) => m.customerName).filter(Boolean)).toEqual([
      'Customer 47100000302',
      'Customer 47100000301',
    ]);
  });
});

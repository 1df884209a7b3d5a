import { CUSTOMER_API, type CustomerRow, METER_API } from '@prepay/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type GridRead, type ListSpec, listQueryOptions } from './list-query';

// What these assert is checked by the compiler (`npx tsc -b`): a `@ts-expect-error` line that compiles
// is itself an error, so a grid that accepted another row's endpoint would fail the type check.
describe("a grid's read", () => {
  it('is the endpoint of a page of its own rows', () => {
    const spec: ListSpec<CustomerRow> = { resource: 'customers', read: CUSTOMER_API.read };
    expectTypeOf(spec.read).toExtend<GridRead<CustomerRow>>();
    // @ts-expect-error the meter grid's endpoint answers meters, not customers
    const otherRows: ListSpec<CustomerRow> = { resource: 'customers', read: METER_API.read };
    // @ts-expect-error a write answers rows, not a page: it is no grid read
    const notAPage: ListSpec<CustomerRow> = { resource: 'customers', read: CUSTOMER_API.create };
    expect([otherRows.read.path, notAPage.read.path]).toEqual([
      METER_API.read.path,
      CUSTOMER_API.create.path,
    ]);
  });

  it("is keyed by the grid's resource and the read body, and answers the endpoint's page", () => {
    const options = listQueryOptions({ resource: 'customers', read: CUSTOMER_API.read });
    expect(options.queryKey.slice(0, 2)).toEqual(['list', 'customers']);
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<{ total: number; data: CustomerRow[] }>();
  });
});

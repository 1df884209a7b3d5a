import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { accounts, customers } from '../db/schema.js';

/**
 * A meter's customer is the customer of the account that binds it. Joins a query whose rows name a meter
 * (`meterId`) to that account and customer; both stay null while no account binds the meter.
 */
export function joinMeterCustomer<Q extends PgSelect>(query: Q, meterId: PgColumn) {
  return query
    .leftJoin(accounts, eq(accounts.meterId, meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId));
}

/** How many rows of `table` meet `where`, joined as above so that a filter may name the customer. */
export async function countWithMeterCustomer(
  q: Queryable,
  table: PgTable,
  meterId: PgColumn,
  where: SQL | undefined,
): Promise<number> {
  const counted = q.select({ total: sql<number>`count(*)::int` }).from(table).$dynamic();
  const [count] = await joinMeterCustomer(counted, meterId).where(where);
  return Number(count?.total ?? 0);
}

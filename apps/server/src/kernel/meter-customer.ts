import { eq } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
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

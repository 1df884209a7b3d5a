import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres } from '../src/db/client.js';
import type { TestApp } from './harness.js';
import { testConfig } from './test-config.js';

/**
 * Counts the statements `database`'s app sends through the driver whose text `matches` (PGlite is given
 * the text, node-postgres a config with it); `restore` puts the driver back.
 */
export function countStatements(database: Database, matches: (text: string) => boolean) {
  const client: { query: (...args: unknown[]) => unknown } = Reflect.get(database.db, '$client');
  const query = client.query;
  const counter = { count: 0, restore: () => {} };
  client.query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String(Reflect.get(Object(args[0]), 'text'));
    if (matches(text)) counter.count++;
    return query.apply(client, args);
  };
  counter.restore = () => {
    client.query = query;
  };
  return counter;
}

/**
 * A second server on `t`'s database and clock, as another process of the same deployment: on PostgreSQL
 * with a pool and listener of its own; PGlite runs in one process, so there it shares the database.
 */
export async function secondServer(
  t: TestApp,
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const pool: { options?: { connectionString?: string } } = Reflect.get(t.database.db, '$client');
  const url = t.database.kind === 'postgres' ? pool.options?.connectionString : undefined;
  const own = url ? await openPostgres(url, 3) : undefined;
  const database = own ?? t.database;
  const app = await buildApp({ config: testConfig({}), database, clock: t.clock, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}

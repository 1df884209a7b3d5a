import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

/**
 * A digest of every table's content, to prove a refused request changed nothing. Sessions are left out:
 * resolving a token may note its last use, which is not a change to the data; so are the failed-attempt
 * counters (auth_throttle), which a refused login or authorization password is meant to update.
 */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  // Both drivers answer execute() with { rows }.
  type Rows<T> = { rows: T[] };
  const tables = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'auth_throttle') order by tablename`,
  )) as unknown as Rows<{ tablename: string }>;
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const res = (await database.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest, count(*)::int as n from "${tablename}" t`,
      ),
    )) as unknown as Rows<{ digest: string | null; n: number }>;
    out[tablename] = `${res.rows[0]?.n}:${res.rows[0]?.digest}`;
  }
  return out;
}

import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { queryRows } from './harness.js';

/**
 * A digest of every table's content, to prove a refused request changed nothing. Sessions are left out:
 * resolving a token may note its last use, which is not a change to the data; so are the failed-attempt
 * counters (auth_throttle), which a refused login or authorization password is meant to update, and the
 * login verification codes (login_captchas), which a refused login uses up by design, and the sessions'
 * authorization proofs (authorization_proofs), which a wrong authorization password voids by design.
 */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ tablename: string }>(
    database,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'auth_throttle', 'login_captchas', 'authorization_proofs') order by tablename`,
  );
  // One statement for all tables: a round trip per table made the per-route checks the slowest part of
  // the permission and fuzz suites on a loaded PostgreSQL.
  const digests = tables.map(
    ({ tablename }) =>
      `select '${tablename}' as name, count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${tablename}" t`,
  );
  const res = await queryRows<{ name: string; n: number; digest: string | null }>(
    database,
    sql.raw(digests.join(' union all ')),
  );
  const out: Record<string, string> = {};
  // By name: PostgreSQL may answer a union all in any order (a parallel append), and the fingerprints
  // are compared as JSON text.
  const rows = [...res].sort((a, b) => a.name.localeCompare(b.name));
  for (const row of rows) out[row.name] = `${row.n}:${row.digest}`;
  return out;
}

/** Runs `requests` and expects every table just as before them (a refused request writes nothing). */
export async function unchangedBy<T>(database: Database, requests: () => Promise<T>): Promise<T> {
  const before = await fingerprint(database);
  const out = await requests();
  expect(await fingerprint(database)).toEqual(before);
  return out;
}

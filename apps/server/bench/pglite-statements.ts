/**
 * Why PGlite runs through named prepared statements (src/db/pglite-statements.ts): µs per query for a
 * one-row read by key and for a vend-sized read, on PGlite's own path and on the prepared one. Asserts
 * nothing.
 *   npx tsx bench/pglite-statements.ts
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { usePreparedStatements } from '../src/db/pglite-statements.js';

const setup = `create table t (id int primary key, name text, n bigint, at timestamptz);
  insert into t select g, 'n' || g, g * 10, now() from generate_series(1, 10000) g;
  create table r (id serial primary key, t_id int, units bigint, at timestamptz);
  create index on r (t_id, at);
  insert into r (t_id, units, at) select 1 + g % 10000, g, now() - g * interval '1 minute'
    from generate_series(1, 50000) g;
  analyze`;
const queries: [string, string, (i: number) => unknown[]][] = [
  ['one row by key', 'select id, name, n, at from t where id = $1', (i) => [1 + (i % 10000)]],
  [
    'a sum joined to a row',
    `select t.name, s.units from t left join lateral (
       select coalesce(sum(units), 0)::text as units from r where r.t_id = t.id and r.at >= $2::timestamptz
     ) s on true where t.id = $1`,
    (i) => [1 + (i % 10000), new Date(Date.now() - 86_400_000).toISOString()],
  ],
];
const N = 3000;

async function time(client: PGlite, text: string, params: (i: number) => unknown[]) {
  for (let i = 0; i < 300; i++) await client.query(text, params(i));
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await client.query(text, params(i));
  return ((performance.now() - t0) * 1000) / N;
}

const own = await PGlite.create();
const prepared = usePreparedStatements(await PGlite.create());
await own.exec(setup);
await prepared.exec(setup);
console.log(`PGlite, µs per query (${N} runs): PGlite's own path / named prepared statement`);
for (const [name, text, params] of queries) {
  const a = await time(own, text, params);
  const b = await time(prepared, text, params);
  console.log(`  ${name.padEnd(24)} ${a.toFixed(0).padStart(6)} / ${b.toFixed(0).padStart(4)}`);
}
await own.close();
await prepared.close();

import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePreparedStatements } from './pglite-statements.js';

// PGlite's own path on one client, named prepared statements on another, the same data in both.
let plain: PGlite;
let prepared: PGlite;

const setup = `create table t (id int primary key, name text, n bigint, amount numeric, at timestamptz,
    flags bool[], doc jsonb);
  insert into t values (1, 'one', 10, 1.50, '2026-01-02T03:04:05Z', '{true,false}', '{"a": 1}'),
    (2, null, null, null, null, null, null)`;

beforeAll(async () => {
  plain = await PGlite.create();
  prepared = usePreparedStatements(await PGlite.create());
  await plain.exec(setup);
  await prepared.exec(setup);
});
afterAll(async () => {
  await plain.close();
  await prepared.close();
});

const statementCount = async () =>
  (await prepared.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n;

describe('PGlite named prepared statements', () => {
  const cases: [string, unknown[]][] = [
    ['select * from t where id = $1', [1]],
    ['select * from t where id = $1', [2]],
    ['select id, name from t where name = $1 or $1 is null order by id', [null]],
    [
      'select $1::jsonb as doc, $2::bool[] as flags, $3::timestamptz as at',
      [{ b: [1, 2] }, [true], new Date(0)],
    ],
    ['update t set n = n + $1 where id = $2 returning n', [5, 1]],
  ];

  it.each(cases)('answers what PGlite answers, first and second run: %s', async (text, params) => {
    for (let run = 0; run < 2; run++) {
      for (const options of [
        undefined,
        { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } },
      ]) {
        const want = await plain.query(text, params, options);
        const got = await prepared.query(text, params, options);
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
        expect(got.affectedRows).toEqual(want.affectedRows);
      }
    }
  });

  it('prepares a text once and binds it on later runs', async () => {
    const text = 'select name from t where id = $1 and 1 = 1';
    const before = await statementCount();
    await prepared.query(text, [1]);
    await prepared.query(text, [2]);
    expect(await statementCount()).toBe((before ?? 0) + 1);
  });

  it('rejects a failing statement with its SQLSTATE, and the client goes on working', async () => {
    const insert = 'insert into t (id) values ($1)';
    await expect(prepared.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(prepared.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(prepared.query('select nonsense from', [])).rejects.toMatchObject({ code: '42601' });
    expect((await prepared.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('makes a statement anew when its table changed shape under it', async () => {
    await prepared.exec('create table shapes (id int)');
    await prepared.query('insert into shapes values ($1)', [1]);
    const text = 'select * from shapes where id = $1';
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await prepared.exec("alter table shapes add column label text default 'x'");
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
  });

  it('keeps at most 256 statements prepared, closing the least recently used', async () => {
    for (let k = 0; k < 300; k++) await prepared.query(`select $1::int + ${k} as v`, [1]);
    expect(await statementCount()).toBe(256);
    expect((await prepared.query('select $1::int + 0 as v', [41])).rows).toEqual([{ v: 41 }]);
  });

  it('parses the array types PGlite learns on a refresh, also with a query of its own parsers', async () => {
    const own = { [types.TIMESTAMPTZ]: (v: string) => v };
    await prepared.query('select 1 as one', [], { parsers: own });
    await prepared.exec("create type mood as enum ('ok', 'sad')");
    await prepared.refreshArrayTypes();
    const r = await prepared.query("select array['ok', 'sad']::mood[] as m", [], { parsers: own });
    expect(r.rows).toEqual([{ m: ['ok', 'sad'] }]);
  });

  it('a query with a new parsers object each time (an unprepared drizzle query): its own parsers win, PGlite parses the rest', async () => {
    for (let i = 0; i < 2; i++) {
      const own = { [types.TIMESTAMPTZ]: (v: string) => `raw ${v}` };
      const r = await prepared.query('select id, n, at, doc from t where id = 1', [], { parsers: own });
      expect(r.rows).toEqual([
        { id: 1, n: expect.any(Number), at: 'raw 2026-01-02 03:04:05+00', doc: { a: 1 } },
      ]);
    }
  });

  it('never runs inside a transaction it is not part of: it waits for the transaction to end', async () => {
    let outside: Promise<{ rows: unknown[] }> | undefined;
    await prepared.transaction(async (tx) => {
      await tx.query('insert into t (id) values (3)');
      outside = prepared.query('select id from t where id = $1', [3]);
      await tx.rollback();
    });
    expect((await outside)?.rows).toEqual([]);
  });
});

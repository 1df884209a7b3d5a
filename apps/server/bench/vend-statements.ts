/**
 * The SQL a credit vend issues: builds the app on a throw-away PostgreSQL, vends a few times through HTTP
 * (inject), and prints every statement of one steady-state vend (its session already proved the
 * authorization password), with EXPLAIN ANALYZE timings when VEND_EXPLAIN=1. Asserts nothing.
 *   npx tsx bench/vend-statements.ts
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openPostgres } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, testConfig } from '../test/test-config.js';

process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
// @ts-expect-error plain ESM helper without types
const { startPostgres } = await import('../../../scripts/pg-throwaway.mjs');
const pgServer: { url: string; stop: () => void } = await startPostgres();
const seen: { text: string; values?: unknown[] }[] = [];
let recording = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(typeof q === 'string' ? { text: q, values: v } : { text: q.text, values: q.values ?? v });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;
try {
  const database = await openPostgres(pgServer.url, 4);
  await database.migrate();
  const db = database.db;
  await bootstrap(db, testConfig());
  await db.update(users).set({ mustChangePassword: false }).where(eq(users.userId, 'admin'));
  await db.execute(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, tax_bp, station_id) values ('TB','BENCH',6500,750,'0001')`,
  );
  await db.execute(
    sql`insert into customers (customer_id, customer_name, station_id) values ('C1','Customer 1','0001')`,
  );
  await db.execute(sql`insert into meters (meter_id, type, ea, protocol_version, status, base_year, sgc, krn, ken, ti, kt, station_id)
    values ('47100000001', 0, '07', 'STS-1', true, 2014, '123456', 1, 255, 1, 2, '0001')`);
  await db.execute(
    sql`insert into accounts (meter_id, customer_id, tariff_id, station_id) values ('47100000001','C1','TB','0001')`,
  );
  const app = await buildApp({
    config: testConfig({ authorizationProofMinutes: 10 }),
    database,
    logger: false,
  });
  await app.ready();
  await (await keyStoreOf(app.deps)).putDecoderKey({
    meterId: '47100000001',
    decoderKey: 'ABCDEF0123456789',
    sgc: '123456',
    krn: 1,
    kt: 2,
    ti: 1,
    ken: 255,
    baseYear: 2014,
    ea: '07',
  });
  const post = async (url: string, body: unknown, token?: string) =>
    (
      await app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify(body),
      })
    ).json() as { code: number; reason: string; result: { token?: string } };
  const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
  const token = login.result.token ?? '';
  const vend = () =>
    post(
      '/api/token/creditToken/generate',
      {
        meterId: '47100000001',
        isPreview: false,
        isVendByTotalPaid: true,
        amount: '20.00',
        authorizationPassword: ADMIN_AUTH_PASSWORD,
      },
      token,
    );
  for (let i = 0; i < 3; i++) if ((await vend()).code !== 0) throw new Error('vend failed');
  recording = true;
  const r = await vend();
  recording = false;
  if (r.code !== 0) throw new Error(r.reason);
  console.log(`one vend: ${seen.length} statements (round trips)`);
  for (const s of seen) console.log(`- ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
  if (process.env.VEND_EXPLAIN === '1') {
    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    for (const s of seen) {
      if (/^(begin|commit|rollback)/i.test(s.text) || !/^(select|with)/i.test(s.text.trim())) continue;
      const plan = await client.query(`explain analyze ${s.text}`, s.values as unknown[]);
      console.log(
        `\n${s.text.slice(0, 120)}\n${plan.rows.map((p: Record<string, string>) => Object.values(p)[0]).join('\n')}`,
      );
    }
    await client.end();
  }
  await app.close();
  await database.close();
} finally {
  pgServer.stop();
}

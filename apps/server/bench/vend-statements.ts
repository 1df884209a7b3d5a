/**
 * The SQL a credit vend issues: builds the app on a throw-away PostgreSQL, vends a few times through HTTP
 * (inject), and prints every statement of one steady-state vend (its session already proved the
 * authorization password) and whether it runs as a named prepared statement; with VEND_EXPLAIN=1 each read's
 * EXPLAIN ANALYZE and the write's plan and planning time (running the write again would fail). Asserts nothing.
 *   npx tsx bench/vend-statements.ts
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { ADMIN_PASSWORD, METER_STS } from '../test/test-config.js';
import { benchMeterId, creditVend, startPostgres, vendApp } from './bench-setup.js';

process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
const pgServer = await startPostgres();
const seen: { text: string; name?: string; values?: unknown[] }[] = [];
let recording = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [q, v] = args as [
      string | { text: string; name?: string; values?: unknown[] },
      unknown[] | undefined,
    ];
    seen.push(
      typeof q === 'string' ? { text: q, values: v } : { text: q.text, name: q.name, values: q.values ?? v },
    );
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;
try {
  const database = await openPostgres(pgServer.url, 4);
  // One meter, 47100000001, holding the simulated meters' decoder key.
  const { app, post } = await vendApp(database, 1, () => METER_STS.decoderKey);
  const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
  const token = login.result.token ?? '';
  const vend = () => post('/api/token/creditToken/generate', creditVend(benchMeterId(1)), token);
  for (let i = 0; i < 3; i++) if ((await vend()).code !== 0) throw new Error('vend failed');
  recording = true;
  const r = await vend();
  recording = false;
  if (r.code !== 0) throw new Error(r.reason);
  console.log(`one vend: ${seen.length} statements (round trips)`);
  for (const s of seen)
    console.log(`- ${s.name ? `[prepared ${s.name}] ` : ''}${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
  if (process.env.VEND_EXPLAIN === '1') {
    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    // The second pass is printed: the first one fills this fresh connection's catalogue caches, as the pool's
    // long-lived connections have long done.
    for (const pass of [1, 2])
      for (const s of seen) {
        if (/^(begin|commit|rollback)/i.test(s.text) || !/^(select|with)/i.test(s.text.trim())) continue;
        // The write expects the TID it was priced with, so running it again would fail: plan it only.
        const writes = /\b(insert|update)\b/i.test(s.text);
        const explain = writes ? 'explain (summary)' : 'explain analyze';
        const plan = await client.query(`${explain} ${s.text}`, s.values as unknown[]);
        if (pass === 1) continue;
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

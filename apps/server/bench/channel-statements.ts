/**
 * The SQL a channel purchase issues: builds the app on a throw-away PostgreSQL with one vendor, buys a few
 * times through HTTP (inject), and prints every statement of one steady-state purchase (its secret already
 * verified), beside the count of a console vend's. Asserts nothing.
 *   npx tsx bench/channel-statements.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { vendors } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { purchaseBody } from '../test/channel-fixture.js';
import { ADMIN_PASSWORD, METER_STS } from '../test/test-config.js';
import { benchMeterId, creditVend, startPostgres, vendApp } from './bench-setup.js';

process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
const pgServer = await startPostgres();
const seen: string[] = [];
let recording = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string };
  if (recording) seen.push(typeof q === 'string' ? q : q.text);
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

/** The statements `run` sent, printed under `label`. */
async function record(label: string, run: () => Promise<void>) {
  seen.length = 0;
  recording = true;
  await run();
  recording = false;
  console.log(`${label}: ${seen.length} statements (round trips)`);
  for (const s of seen) console.log(`- ${s.replace(/\s+/g, ' ').slice(0, 300)}`);
}

try {
  const database = await openPostgres(pgServer.url, 4);
  const { app, post } = await vendApp(database, 1, () => METER_STS.decoderKey);
  const secret = 'bench-secret';
  await database.db.insert(vendors).values({
    vendorId: 'BENCHV0',
    vendorName: 'Bench vendor',
    vendorKind: 'aggregator',
    stationIds: ['0001'],
    clientId: '6004708009900',
    terminalId: 'T0000000',
    secretHash: await hashPassword(secret),
    balanceMinor: 1e12,
    commissionBp: 150,
    dailyLimitMinor: 1e12,
  });
  const basic = `Basic ${Buffer.from(`BENCHV0:${secret}`).toString('base64')}`;
  const buy = async () => {
    const id = randomUUID();
    const res = await app.inject({
      method: 'POST',
      url: `/prepaidutility/v3/tokenPurchases/${id}`,
      headers: { 'content-type': 'application/json', authorization: basic },
      payload: JSON.stringify(purchaseBody(id, benchMeterId(1), 2000, 'BENCHV0')),
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  const token =
    (await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD })).result.token ?? '';
  const vend = async () => {
    const r = await post('/api/token/creditToken/generate', creditVend(benchMeterId(1)), token);
    if (r.code !== 0) throw new Error(r.reason);
  };
  for (let i = 0; i < 3; i++) {
    await buy();
    await vend();
  }
  await record('one console vend', vend);
  await record('one channel purchase', buy);
  await app.close();
  await database.close();
} finally {
  pgServer.stop();
}

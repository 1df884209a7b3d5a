/**
 * The SQL a key change campaign issues per meter: builds the app (no head-end) on a throw-away PostgreSQL,
 * seeds CAMPAIGN_METERS (200) meters on base date 1993, starts a campaign through the API and prints the
 * statements (round trips) per meter of the worker's issue step, then of the accept step (the meters
 * accepted in batches as the delivery does on their answer), each with its most frequent statements. Asserts nothing.
 *   npx tsx bench/campaign-statements.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { luhnCheckDigit } from '@prepay/sts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openPostgres } from '../src/db/client.js';
import { accounts, customers, meters } from '../src/db/schema.js';
import { campaignWorkerOf } from '../src/modules/key-campaign/index.js';
import { acceptMeters } from '../src/modules/key-campaign/key-campaign.accept.js';
import { findCampaign } from '../src/modules/key-campaign/key-campaign.repo.js';
import { campaignContext } from '../src/modules/key-campaign/key-campaign.worker.js';
import { keyStoreOf } from '../src/modules/keystore/index.js';
import { REVISION_2 } from '../test/campaign-keys.js';
import { ADMIN_PASSWORD, METER_STS, testConfig } from '../test/test-config.js';
import { injectPost, seedVendData, startPostgres } from './bench-setup.js';

const METERS = Number(process.env.CAMPAIGN_METERS ?? 200);
process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
const { decoderKey: DECODER_KEY, ...STS } = METER_STS;
const ids = Array.from({ length: METERS }, (_, i) => {
  const body = `4761${String(i + 1).padStart(6, '0')}`;
  return body + luhnCheckDigit(body);
});

let seen: string[] | undefined;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string };
  seen?.push((typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 110));
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

async function counted(label: string, run: () => Promise<void>) {
  seen = [];
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  const all = seen;
  seen = undefined;
  const by = new Map<string, number>();
  for (const s of all) by.set(s, (by.get(s) ?? 0) + 1);
  console.log(
    `\n${label}: ${all.length} statements for ${METERS} meters, ${(all.length / METERS).toFixed(1)} a meter, ${(ms / METERS).toFixed(2)} ms a meter`,
  );
  for (const [s, n] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${String(n).padStart(6)}  ${s}`);
  }
}

const pgServer = await startPostgres();
try {
  const database = await openPostgres(pgServer.url, 4);
  await seedVendData(database, 0);
  const station = { stationId: '0001' };
  await database.db
    .insert(customers)
    .values(ids.map((m) => ({ customerId: `C${m}`, customerName: m, ...station })));
  await database.db
    .insert(meters)
    .values(ids.map((meterId) => ({ meterId, ...STS, baseYear: 1993, type: 0, status: true, ...station })));
  await database.db
    .insert(accounts)
    .values(ids.map((meterId) => ({ meterId, customerId: `C${meterId}`, tariffId: 'TB', ...station })));
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  const store = await keyStoreOf(app.deps);
  await store.putVendingKey(REVISION_2 as never);
  for (const meterId of ids)
    await store.putDecoderKey({ meterId, decoderKey: DECODER_KEY, ...STS, baseYear: 1993 });
  await database.db.execute(sql`analyze`);
  const post = injectPost(app);
  const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
  const token = (login.result as { token: string }).token;
  const res = await post(
    '/api/keyCampaign/create',
    { name: 'Statements', selection: { baseYear: 1993 }, target: { krn: 2, baseYear: 2014 } },
    token,
  );
  if (res.code !== 0) throw new Error(res.reason);
  const campaignId = (res.result as unknown as { campaignId: number }).campaignId;
  await counted('issue', () => campaignWorkerOf(app.deps).wake());
  const c = await findCampaign(database.db, campaignId);
  if (!c) throw new Error('no campaign');
  const ctx = campaignContext(c);
  // The delivery's step once the meters answered that they took their last key change token.
  await counted('accept', async () => {
    for (let at = 0; at < ids.length; at += 100)
      await database.db.transaction((tx) =>
        acceptMeters(app.deps, tx, store, ctx, {
          campaignId,
          meterIds: ids.slice(at, at + 100),
          basis: 'the meter accepted its last key change token',
        }),
      );
  });
  await app.close();
  await database.close();
} finally {
  pgServer.stop();
}

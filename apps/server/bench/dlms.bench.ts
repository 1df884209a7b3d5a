/**
 * DLMS requests through the head-end's DLMS transport: each request is a whole task as the runner sends
 * it (TCP connect, wrapper, AARQ/AARE with HLS-GMAC, the register and its scaler read ciphered, release)
 * to simulated DLMS meters listening on TCP. The meters run in this process (they share its cores).
 * `npm run bench -- dlms`; BENCH_DLMS_METERS (default 50), BENCH_DLMS_REQUESTS (2000), BENCH_DLMS_SESSIONS (32).
 */
import { fromHex } from '@prepay/dlms';
import { type DlmsListener, listenSyntheticDlmsMeter, ManualClock, syntheticFleet } from '@prepay/simulator';
import { closingLine } from '@prepay/sts/yardstick';
import { buildApp } from '../src/app.js';
import { openPglite } from '../src/db/client.js';
import { createDlmsLink } from '../src/modules/dlms-link/index.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { ADMIN_PASSWORD, testConfig } from '../test/test-config.js';
import { benchYardstick, percentile } from './bench-setup.js';

const METERS = Number(process.env.BENCH_DLMS_METERS ?? 50);
const REQUESTS = Number(process.env.BENCH_DLMS_REQUESTS ?? 2000);
const SESSIONS = Number(process.env.BENCH_DLMS_SESSIONS ?? 32);
const KEY = '000102030405060708090A0B0C0D0E0F';
const AKEY = 'D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF';

async function main(yardstick: ReturnType<typeof benchYardstick>) {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 8));
  const security = {
    authentication: 'high-gmac' as const,
    keys: { blockCipherKey: fromHex(KEY), authenticationKey: fromHex(AKEY) },
    systemTitle: fromHex('4D4D4D0000BC614E'),
  };
  const listeners: DlmsListener[] = [];
  for (const spec of syntheticFleet({ count: METERS, seed: 7 }).meters) {
    listeners.push((await listenSyntheticDlmsMeter(spec, clock, { security })).listener);
  }
  const database = await openPglite({});
  await database.migrate();
  await bootstrap(database.db, testConfig());
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  const ids = listeners.map((_, i) => `4700${String(i).padStart(7, '0')}`);
  const admin = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userId: 'admin', password: ADMIN_PASSWORD },
  });
  const token = admin.json().result?.token;
  const created = await app.inject({
    method: 'POST',
    url: '/api/meter/create',
    headers: { authorization: `Bearer ${token}` },
    payload: ids.map((meterId, i) => ({
      meterId,
      stationId: '0001',
      protocolVersion: '1.1',
      ipAddress: '127.0.0.1',
      ipPort: listeners[i]?.port,
      dlmsAuthentication: 'high-gmac',
      dlmsAuthenticationKey: AKEY,
      dlmsBlockCipherKey: KEY,
    })),
  });
  if (created.json().code !== 0) throw new Error(created.body);
  const link = createDlmsLink(app.deps, { maxSessions: SESSIONS, timeoutMs: 10_000 });
  const task = {
    kind: 'reading' as const,
    classId: 3,
    obis: '1.0.1.8.0.255',
    attributeMethod: '2',
    entry: null,
    format: 'double-long-unsigned',
    analysisFormat: 'scaler',
    request: null,
  };
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SESSIONS }, async () => {
      while (next < REQUESTS) {
        const meterId = ids[next++ % ids.length] ?? '';
        const t0 = performance.now();
        const r = await link.run(meterId, task);
        latencies.push(performance.now() - t0);
        if (r.outcome !== 'success') failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (q: number) => yardstick.ms(percentile(latencies, q));
  console.log(
    `DLMS over the wrapper, ${METERS} meters, ${SESSIONS} sessions at once, PGlite: ${latencies.length} tasks (associate HLS-GMAC + 2 ciphered GETs + release each), ${yardstick.rateOf(latencies.length / seconds, 'req/s')}, p50 ${ms(0.5)}, p99 ${ms(0.99)}, failures ${failures}`,
  );
  await app.close();
  await database.close();
  for (const l of listeners) await l.close();
}

const yardstick = benchYardstick('DLMS head-end bench');
await main(yardstick);
console.log(closingLine(yardstick));

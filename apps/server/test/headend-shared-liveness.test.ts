import { DI, encodeFrame, normalReply, readRequest } from '@prepay/dlt645';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadEndService, startHeadEnd } from '../src/headend/head-end.js';
import { silentLog } from '../src/headend/types.js';
import { createTestApp, type TestApp } from './harness.js';
import {
  APP_ID,
  headendTestConfig,
  insertMeters,
  networkServer,
  startMosquitto,
  until,
  uplinkEvent,
  upTopic,
} from './headend-fixture.js';

const METERS = [
  { meterId: '47100000201', address: '047100000201', devEui: '70b3d5e75e000201' },
  { meterId: '47100000202', address: '047100000202', devEui: '70b3d5e75e000202' },
];
const GATEWAY = 'e43819fffe000001';

let broker: Awaited<ReturnType<typeof startMosquitto>>;
let t: TestApp;
let ns: Awaited<ReturnType<typeof networkServer>>;
const headends: HeadEndService[] = [];

/** A head-end process in the share group whose LoRaWAN meters go offline after one second of silence. */
async function sharedHeadEnd(): Promise<HeadEndService> {
  const cfg = headendTestConfig({
    mqttUrl: broker.url,
    mqttShareGroup: 'prepay',
    headendPort: 0,
    chirpstackApplicationId: APP_ID,
    lorawanSilenceSeconds: 1,
  }).headend;
  if (!cfg) throw new Error('no head-end settings');
  const h = await startHeadEnd(cfg, t.database.db, silentLog);
  headends.push(h);
  return h;
}

async function report(m: (typeof METERS)[number], fCnt: number) {
  const status = encodeFrame(normalReply(readRequest(m.address, DI.RUN_STATUS_3), Uint8Array.of(0, 0)));
  await ns.publishAsync(upTopic(m.devEui), uplinkEvent(m.devEui, fCnt, status, [GATEWAY]), { qos: 1 });
}

beforeAll(async () => {
  broker = await startMosquitto();
  t = await createTestApp();
  await insertMeters(
    t,
    METERS.map((m) => ({ meterId: m.meterId, communicationWay: 1, devEui: m.devEui })),
  );
  ns = await networkServer(broker.url);
}, 60_000);

afterAll(async () => {
  for (const h of headends) await h.close();
  await ns?.end();
  await t?.close();
  await broker?.stop();
});

describe('LoRaWAN liveness shared by the head-end processes of a share group', () => {
  it('a meter heard by one process is live on all; silent everywhere, its task fails as offline on each', async () => {
    const [first, second] = METERS as [(typeof METERS)[number], (typeof METERS)[number]];
    // Alone in the group, B hears every uplink; A, started later, learns of the meter from B.
    const b = await sharedHeadEnd();
    await until('B hearing the first meter', async () => {
      await report(first, 1);
      return b.linkState(first.meterId).online;
    });
    await b.flush();
    const a = await sharedHeadEnd();
    await until('A knowing what B heard', () => a.linkState(first.meterId).online);
    expect(a.linkState(first.meterId).gatewayId).toBe('E4-38-19-FF-FE-00-00-01');
    // Now both share the subscription: one uplink reaches one of them, and the other learns of it.
    await report(second, 1);
    await until('both knowing the second meter', () =>
      headends.every((h) => h.linkState(second.meterId).online),
    );
    // Nothing more is heard: every process takes both meters offline and fails their tasks as such.
    for (const h of [a, b])
      for (const m of METERS) {
        const result = await until(`meter ${m.meterId} offline`, async () => {
          const r = await h.exchange(m.meterId, readRequest(m.address, DI.CURRENT_A), { timeoutMs: 300 });
          return !r.ok && r.failure === 'offline' && r;
        });
        expect(!result.ok && result.detail).toMatch(/has no live link/);
      }
  });
});

import { DI, encodeFrame, normalReply, readRequest } from '@prepay/dlt645';
import { afterAll, beforeAll } from 'vitest';
import { type HeadEndConfig, type HeadEndService, startHeadEnd } from '../src/headend/head-end.js';
import { silentLog } from '../src/headend/types.js';
import { createTestApp, type TestApp } from './harness.js';
import {
  APP_ID,
  headendTestConfig,
  insertMeters,
  networkServer,
  startMosquitto,
  uplinkEvent,
  upTopic,
} from './headend-fixture.js';

export type ShareGroupMeter = { meterId: string; address: string; devEui: string };
export const GATEWAY = 'e43819fffe000001';

/**
 * The bed of a suite on head-end processes sharing one MQTT subscription (`$share/prepay/…` on
 * mosquitto): a broker, a test app holding `meters` as LoRaWAN meters and a client playing the network
 * server, set up before the suite and closed after it with every process the suite started.
 * `h`: head-end settings beyond the share group's.
 */
export function shareGroupBed(meters: readonly ShareGroupMeter[], h: Partial<HeadEndConfig> = {}) {
  const bed = {
    broker: undefined as unknown as Awaited<ReturnType<typeof startMosquitto>>,
    t: undefined as unknown as TestApp,
    ns: undefined as unknown as Awaited<ReturnType<typeof networkServer>>,
    headends: [] as HeadEndService[],
    /** A further head-end process in the share group `prepay`. */
    async sharedHeadEnd(): Promise<HeadEndService> {
      const cfg = headendTestConfig({
        mqttUrl: bed.broker.url,
        mqttShareGroup: 'prepay',
        headendPort: 0,
        chirpstackApplicationId: APP_ID,
        ...h,
      }).headend;
      if (!cfg) throw new Error('no head-end settings');
      const started = await startHeadEnd(cfg, bed.t.database.db, silentLog);
      bed.headends.push(started);
      return started;
    },
    /** The meter's status report (status word 3) as its uplink number `fCnt`, through the one gateway. */
    async report(m: ShareGroupMeter, fCnt: number, qos: 0 | 1 = 1) {
      const status = encodeFrame(normalReply(readRequest(m.address, DI.RUN_STATUS_3), Uint8Array.of(0, 0)));
      await bed.ns.publishAsync(upTopic(m.devEui), uplinkEvent(m.devEui, fCnt, status, [GATEWAY]), {
        qos,
      });
    },
  };
  beforeAll(async () => {
    bed.broker = await startMosquitto();
    bed.t = await createTestApp();
    await insertMeters(
      bed.t,
      meters.map((m) => ({ meterId: m.meterId, communicationWay: 1, devEui: m.devEui })),
    );
    bed.ns = await networkServer(bed.broker.url);
  }, 60_000);
  afterAll(async () => {
    for (const started of bed.headends) await started.close();
    await bed.ns?.end();
    await bed.t?.close();
    await bed.broker?.stop();
  });
  return bed;
}

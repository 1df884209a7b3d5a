import { DI, readRequest, TokenResult, tokenRequest } from '@prepay/dlt645';
import { type Fleet, ManualClock, startFleet } from '@prepay/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways, meters } from '../src/db/schema.js';
import { exportFleetSpec } from '../src/headend/fleet-spec.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { createTestApp, type TestApp } from './harness.js';
import { headendTestConfig, until } from './headend-fixture.js';
import { creditVend, vendableMeter } from './vending-fixture.js';

const LORA = '47100000086';
const GPRS = '47100000094';
/** The simulated meters' write password (level 2) and an operator code. */
const AUTH = { level: 2, password: '123456', operator: '00000001' };

let t: TestApp;
let headend: HeadEndService;
let fleet: Fleet;
let admin: string;

beforeAll(async () => {
  t = await createTestApp(
    headendTestConfig({ mqttUrl: undefined, mqttPort: 0, timeoutMs: { lorawan: 10_000, gprs: 5_000 } }),
    {
      headend: true,
    },
  );
  const h = t.app.deps.headend;
  if (!h) throw new Error('no head-end');
  headend = h;
  admin = await t.adminToken();
  await vendableMeter(t, { meterId: LORA });
  await vendableMeter(t, { meterId: GPRS });
  await t.database.db
    .update(meters)
    .set({ communicationWay: 1, devEui: '70b3d5e75e000086' })
    .where(eq(meters.meterId, LORA));
  await t.database.db.update(meters).set({ communicationWay: 0 }).where(eq(meters.meterId, GPRS));
  await t.database.db.insert(gateways).values({ gatewayId: 'E4-38-19-FF-FE-00-00-07', stationId: '0001' });
  await headend.refreshMeters();
  const spec = await exportFleetSpec(t.app.deps);
  expect(spec.meters.map((m) => m.meterId).sort()).toEqual([LORA, GPRS]);
  // The meters' clock stands still (no consumption between reading the balance and entering a token),
  // except one step that makes the LoRaWAN meter's first status report due.
  const clock = new ManualClock(Date.now());
  fleet = await startFleet({
    spec,
    mqttUrl: headend.mqttUrl,
    tcp: { host: '127.0.0.1', port: headend.gprsPort ?? 0 },
    clock,
    firstStatusWithinMs: 100,
    downlinkDelayMs: 10,
  });
  await fleet.ready();
  clock.advance(1_000);
  await until(
    'both meters reachable',
    () => headend.linkState(LORA).online && headend.linkState(GPRS).online,
  );
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await t?.close();
});

describe('end to end through the simulated fleet', () => {
  for (const [meterId, transport] of [
    [LORA, 'lorawan'],
    [GPRS, 'gprs'],
  ] as const) {
    it(`a token vended in the product, sent as a frame over ${transport}, raises the balance by exactly its units; again it is USED`, async () => {
      const vend = await creditVend(t, { meterId, amount: '2000' }, admin);
      expect(vend.code, vend.reason).toBe(0);
      const digits = vend.result.token.replace(/ /g, '');
      const before = fleet.meter(meterId)?.balanceTenths ?? Number.NaN;
      const address = meterId.padStart(12, '0');

      const entered = await headend.exchange(meterId, tokenRequest(address, digits, AUTH));
      expect(entered, JSON.stringify(entered)).toMatchObject({ ok: true, transport });
      expect(entered.ok && entered.reply.data[0]).toBe(TokenResult.ACCEPTED);
      expect(fleet.meter(meterId)?.balanceTenths).toBe(before + Math.round(vend.result.totalUnit * 10));

      const again = await headend.exchange(meterId, tokenRequest(address, digits, AUTH));
      expect(again.ok && again.reply.data[0]).toBe(TokenResult.USED);
      expect(fleet.meter(meterId)?.balanceTenths).toBe(before + Math.round(vend.result.totalUnit * 10));

      // And an ordinary read still answers over the same link.
      expect(await headend.exchange(meterId, readRequest(address, DI.REMAINING_ENERGY))).toMatchObject({
        ok: true,
      });
    });
  }
});

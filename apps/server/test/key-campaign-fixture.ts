import { type Fleet, startFleet } from '@prepay/simulator';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { accounts, customers, meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { manualClock } from '../src/lib/clock.js';
import { putRevision2 } from './campaign-keys.js';
import { gprsFleetMeters } from './fleet-fixture.js';
import type { TestApp } from './harness.js';
import { appWithHeadend, FAST_REMOTE_TASKS, until } from './headend-fixture.js';
import { iain } from './masterdata-fixtures.js';
import { METER_STS, testConfig } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

/** A campaign's counts, as its start and the progress list answer them. */
export interface CampaignProgress {
  campaignId: number;
  total: number;
  pending: number;
  issued: number;
  accepted: number;
  failed: number;
}

/** `n` meter numbers from the `from`th on, of the block `prefix` a suite keeps to itself. */
export const meterIdsOf = (prefix: string) => (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => iain(from + i, prefix));

/**
 * Starts a campaign as `token` moving the selected meters to the next key, revision 2 on base date 2014 (the
 * vending key putRevision2 stores); the start must be accepted.
 */
export async function startCampaign(
  t: Pick<TestApp, 'call'>,
  token: string,
  name: string,
  selection: Record<string, unknown>,
): Promise<CampaignProgress> {
  const start = await t.call<CampaignProgress>(
    '/api/keyCampaign/create',
    { name, selection, target: { krn: 2, baseYear: 2014 } },
    token,
  );
  expect(start.code, start.reason).toBe(0);
  return start.result;
}

/** Another app instance on the test's database: what a restarted or second server process is. */
export async function anotherInstance(t: TestApp) {
  const app = await buildApp({
    config: testConfig(),
    database: t.database,
    clock: manualClock(new Date('2026-11-22T09:00:00Z')),
    logger: false,
  });
  await app.ready();
  return app;
}

/**
 * The app with a head-end on a local broker, its delivery sweeping every `sweepMs` on its own timer as in
 * service (the tests only watch the campaign's rows), and the admin's token.
 */
export async function campaignAppWithHeadend(sweepMs: number) {
  const built = await appWithHeadend(
    { timeoutMs: { lorawan: 3_000, gprs: 3_000 } },
    {},
    { remoteTasks: FAST_REMOTE_TASKS, keyCampaignSweepMs: sweepMs },
  );
  return { ...built, admin: await built.t.adminToken() };
}

/**
 * Vendable GPRS meters (protocol 2.2) still on base date 1993 and key revision 1, on the server's side:
 * the meter rows and their decoder keys, written in bulk (the first meter's customer, account and tariff
 * as vendableMeter makes them; the others share its tariff). The next revision's vending key is stored too.
 */
export async function meters1993(t: TestApp, ids: string[]) {
  const store = await putRevision2(t.app);
  const [first, ...rest] = ids;
  if (!first) return;
  await vendableMeter(t, { meterId: first, protocolVersion: '2.2' });
  const { decoderKey: _key, ...sts } = METER_STS;
  const { db } = t.database;
  for (let i = 0; i < rest.length; i += 500) {
    const part = rest.slice(i, i + 500);
    const station = { stationId: '0001' };
    await db
      .insert(customers)
      .values(part.map((m) => ({ customerId: `C${m}`, customerName: `Customer ${m}`, ...station })));
    await db.insert(meters).values(
      part.map((meterId) => ({
        meterId,
        type: 0,
        protocolVersion: '2.2',
        status: true,
        ...sts,
        ...station,
      })),
    );
    await db
      .insert(accounts)
      .values(
        part.map((meterId) => ({ meterId, customerId: `C${meterId}`, tariffId: `T${first}`, ...station })),
      );
  }
  for (const meterId of ids) await store.putDecoderKey({ ...METER_STS, meterId, baseYear: 1993 });
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(meters)
      .set({ communicationWay: 0, baseYear: 1993 })
      .where(inArray(meters.meterId, ids.slice(i, i + 1000)));
  }
}

/** The meters played by the simulated fleet on base date 1993, dialling the head-end's GPRS port. */
export async function startFleet1993(port: number, ids: string[]): Promise<Fleet> {
  const spec = gprsFleetMeters(ids).map((m) => ({ ...m, sts: { ...METER_STS, baseYear: 1993 as const } }));
  const fleet = await startFleet({
    spec: { gateways: [], meters: spec as never },
    tcp: { host: '127.0.0.1', port },
    backoffMs: 100,
    maxBackoffMs: 500,
  });
  await fleet.ready();
  return fleet;
}

/** The same meters played by the simulated fleet, dialled in to the head-end. */
export async function fleet1993(headend: HeadEndService, ids: string[]): Promise<Fleet> {
  const fleet = await startFleet1993(headend.gprsPort ?? 0, ids);
  await until('the meters dialled in', () => ids.every((id) => headend.linkState(id).online), 180_000);
  return fleet;
}

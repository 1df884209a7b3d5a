import { type Fleet, startFleet } from '@prepay/simulator';
import { inArray } from 'drizzle-orm';
import { accounts, customers, meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { putRevision2 } from './campaign-keys.js';
import { gprsFleetMeters } from './fleet-fixture.js';
import type { TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { METER_STS } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

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

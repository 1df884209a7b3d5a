import { type Fleet, startFleet } from '@prepay/simulator';
import { inArray } from 'drizzle-orm';
import { meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { putRevision2 } from './campaign-keys.js';
import { gprsFleetMeters } from './fleet-fixture.js';
import type { TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { METER_STS } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * Vendable GPRS meters (protocol 2.2) still on base date 1993 and key revision 1, on the server's side:
 * the meter rows and their decoder keys. The next revision's vending key is stored too.
 */
export async function meters1993(t: TestApp, ids: string[]) {
  const store = await putRevision2(t.app);
  for (const meterId of ids) {
    await vendableMeter(t, { meterId, protocolVersion: '2.2' });
    await store.putDecoderKey({ ...METER_STS, meterId, baseYear: 1993 });
  }
  for (let i = 0; i < ids.length; i += 1000) {
    await t.database.db
      .update(meters)
      .set({ communicationWay: 0, baseYear: 1993 })
      .where(inArray(meters.meterId, ids.slice(i, i + 1000)));
  }
}

/** The same meters played by the simulated fleet, dialled in to the head-end. */
export async function fleet1993(headend: HeadEndService, ids: string[]): Promise<Fleet> {
  const spec = gprsFleetMeters(ids).map((m) => ({ ...m, sts: { ...METER_STS, baseYear: 1993 as const } }));
  const fleet = await startFleet({
    spec: { gateways: [], meters: spec as never },
    tcp: { host: '127.0.0.1', port: headend.gprsPort ?? 0 },
    backoffMs: 100,
    maxBackoffMs: 500,
  });
  await fleet.ready();
  await until('the meters dialled in', () => ids.every((id) => headend.linkState(id).online), 60_000);
  return fleet;
}

import net from 'node:net';
import { meterAddress } from '@prepay/dlt645';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { meters, remoteTasks } from '../src/db/schema.js';
import { type LinkRegistry, localOnly, startLinkRegistry } from '../src/headend/link-registry.js';
import { renewProcessLease, writeLinkChanges } from '../src/headend/link-registry.repo.js';
import { silentLog } from '../src/headend/types.js';
import { systemClock } from '../src/lib/clock.js';
import { claimTasks, type QueueDeps } from '../src/modules/remote-task/task-queue.repo.js';
import { createTestApp, queryRows, type TestApp } from './harness.js';
import { appWithHeadend, insertMeters, until } from './headend-fixture.js';

/** Meters m1…m4 (GPRS), one reading task queued for each. */
const IDS = ['47100000001', '47100000002', '47100000003', '47100000004'];

let t: TestApp;
const started: LinkRegistry[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(meters)
    .values(IDS.map((meterId) => ({ meterId, communicationWay: 0, stationId: '0001' })));
});
afterAll(() => t.close());
// Each test starts from no processes, no links and no tasks.
afterEach(async () => {
  for (const r of started.splice(0)) await r.close();
  await t.database.db.execute(sql`delete from headend_links`);
  await t.database.db.execute(sql`delete from headend_processes`);
  await t.database.db.execute(sql`delete from remote_tasks`);
});

async function registry(processId: string): Promise<LinkRegistry> {
  const r = await startLinkRegistry(
    t.database.db,
    { leaseMs: 60_000, flushMs: 60_000 },
    silentLog,
    processId,
  );
  started.push(r);
  return r;
}

const holders = async () =>
  Object.fromEntries(
    (
      await queryRows<{ meter_id: string; process_id: string }>(
        t.database,
        sql`select meter_id, process_id from headend_links order by meter_id`,
      )
    ).map((r) => [r.meter_id, r.process_id]),
  );

async function queueReadings() {
  await t.database.db
    .insert(remoteTasks)
    .values(IDS.map((meterId) => ({ kind: 'reading' as const, meterId, stationId: '0001', retriesLeft: 2 })));
}

function queue(me: string, followLinks: boolean): QueueDeps {
  return {
    database: t.database,
    clock: systemClock,
    me,
    followLinks,
    leaseMs: 30_000,
    retries: 2,
    backoffMs: 1,
  };
}

const claimedMeters = async (me: string, followLinks = true) =>
  (await claimTasks(queue(me, followLinks), 100)).map((c) => c.meterId).sort();

describe('the link registry of several head-end processes', () => {
  it('gives a meter to the process it dialled into last, and a closed socket frees it only there', async () => {
    const a = await registry('A');
    const b = await registry('B');
    a.linked(IDS[0]!, 'gprs');
    a.linked(IDS[1]!, 'gprs');
    await a.flush();
    expect(await holders()).toEqual({ [IDS[0]!]: 'A', [IDS[1]!]: 'A' });
    // The meter redials through the load balancer and lands on B; A's old socket closes later.
    b.linked(IDS[0]!, 'gprs');
    await b.flush();
    a.unlinked(IDS[0]!);
    a.unlinked(IDS[1]!);
    await a.flush();
    expect(await holders()).toEqual({ [IDS[0]!]: 'B' });
  });

  it('keeps a later registration elsewhere when an earlier one arrives after it', async () => {
    await renewProcessLease(t.database.db, 'A', 60_000);
    await renewProcessLease(t.database.db, 'B', 60_000);
    await writeLinkChanges(t.database.db, 'B', [
      { meterId: IDS[0]!, transport: 'gprs', at: '2026-11-28T10:00:05Z' },
    ]);
    await writeLinkChanges(t.database.db, 'A', [
      { meterId: IDS[0]!, transport: 'gprs', at: '2026-11-28T10:00:01Z' },
      { meterId: 'not-a-meter', transport: 'gprs', at: '2026-11-28T10:00:01Z' },
    ]);
    expect(await holders()).toEqual({ [IDS[0]!]: 'B' });
  });

  it('hands a stopping process’s links back at once', async () => {
    const a = await registry('A');
    a.linked(IDS[0]!, 'gprs');
    await a.flush();
    await a.close();
    expect(await holders()).toEqual({});
    const processes = await queryRows(t.database, sql`select * from headend_processes`);
    expect(processes).toEqual([]);
  });

  it('is a no-op with one process owning the data', async () => {
    const alone = localOnly('solo');
    alone.linked(IDS[0]!, 'gprs');
    await alone.flush();
    expect(alone.shared).toBe(false);
    expect(await holders()).toEqual({});
  });
});

describe('claiming tasks where the meter’s link is', () => {
  it('leaves a meter whose link another live process holds to that process', async () => {
    const a = await registry('A');
    const b = await registry('B');
    const dead = await registry('D');
    a.linked(IDS[0]!, 'gprs');
    b.linked(IDS[1]!, 'gprs');
    dead.linked(IDS[2]!, 'gprs');
    await Promise.all([a.flush(), b.flush(), dead.flush()]);
    // D stops renewing: its lease ran out, so its meters are nobody's until they dial in again.
    await t.database.db.execute(
      sql`update headend_processes set lease_until = now() - interval '1 second' where process_id = 'D'`,
    );
    await queueReadings();
    expect(await claimedMeters('A')).toEqual([IDS[0], IDS[2], IDS[3]]);
    expect(await claimedMeters('C')).toEqual([]);
    expect(await claimedMeters('B')).toEqual([IDS[1]]);
  });

  it('follows the meter when it dials into another process', async () => {
    const a = await registry('A');
    const b = await registry('B');
    a.linked(IDS[1]!, 'gprs');
    await a.flush();
    await queueReadings();
    expect(await claimedMeters('B')).toEqual([IDS[0], IDS[2], IDS[3]]);
    expect(await claimedMeters('B')).toEqual([]);
    b.linked(IDS[1]!, 'gprs');
    await b.flush();
    expect(await claimedMeters('A')).toEqual([]);
    expect(await claimedMeters('B')).toEqual([IDS[1]]);
  });

  it('claims every meter’s task alone (no links followed), whatever the table holds', async () => {
    const b = await registry('B');
    b.linked(IDS[1]!, 'gprs');
    await b.flush();
    await queueReadings();
    expect(await claimedMeters('solo', false)).toEqual(IDS);
  });
});

describe('the app’s head-end and the registry', () => {
  it('registers a dialled-in meter under its process on PostgreSQL (several may run), nothing on PGlite', async () => {
    const { broker, t: app, headend } = await appWithHeadend();
    onTestFinished(async () => {
      await app.close();
      await broker.stop();
    });
    const meterId = '47100000055';
    await insertMeters(app, [{ meterId, communicationWay: 0 }]);
    await headend.refreshMeters();
    const socket = net.connect(headend.gprsPort ?? 0, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(meterAddress(meterId));
    await until('registered', () => headend.linkState(meterId).online);
    await headend.registry.flush();
    const links = () => queryRows(app.database, sql`select meter_id, process_id from headend_links`);
    const onPostgres = app.database.kind === 'postgres';
    expect(headend.sharesLinks).toBe(onPostgres);
    expect(await links()).toEqual(onPostgres ? [{ meter_id: meterId, process_id: headend.processId }] : []);
    socket.destroy();
    await until('offline', () => !headend.linkState(meterId).online);
    await headend.registry.flush();
    expect(await links()).toEqual([]);
  });
});

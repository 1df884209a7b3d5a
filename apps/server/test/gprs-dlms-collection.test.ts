import type { LoadProfileRow, ProtocolTaskRow } from '@prepay/contracts';
import { numberOf } from '@prepay/dlms';
import { ManualClock, syntheticFleet } from '@prepay/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithDlmsMeter, closeAfterAll, type ListeningMeter, wireTime } from './gprs-dlms-fixture.js';
import { ADMIN_PASSWORD, type TestApp } from './harness.js';
import { until } from './headend-fixture.js';

/**
 * Scheduled collection of DLMS load profiles: each collection sweep queues, for a DLMS meter whose
 * profile holds hours not stored yet, one load-profile range read from the hour after its newest stored
 * one; the head-end stores the rows in the hourly interval table.
 */
const SPEC = syntheticFleet({ count: 1, seed: 47 }).meters;
const METER = '47009940001';

let t: TestApp;
let admin: string;
let meterClock: ManualClock;
let sim: ListeningMeter;

async function stored() {
  const res = await t.call<{ total: number; data: LoadProfileRow[] }>(
    '/API/LoadProfile/ElectricEnergyCurve',
    { lang: 'en', meterId: METER, pageNumber: 1, pageSize: 200 },
    admin,
  );
  return res.result.data
    .map((r) => ({ at: r.currentDate, tenths: Math.round(Number(r.data.split(',')[0]) * 10) }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Every capture the meter holds, as the interval table should show it. */
const held = () =>
  sim.meter.loadProfile.rows.map((r) => ({
    at: wireTime(r.localMs),
    tenths: Math.floor(numberOf(r.values[0] ?? { type: 'null' }) / 10),
  }));

/** One sweep, then every load-profile read it queued run to its end; answers those reads. */
async function sweep(): Promise<ProtocolTaskRow[]> {
  const report = await t.app.collection.tick();
  expect(report.leader).toBe(true);
  return until('the collection reads to end', async () => {
    const page = await t.call<{ data: ProtocolTaskRow[] }>(
      '/API/GPRSMeterTask/GPRSGetReadingTask',
      { lang: 'en', meterId: METER, pageNumber: 1, pageSize: 50 },
      admin,
    );
    expect(page.code, page.reason).toBe(0);
    const rows = page.result.data;
    return rows.every((r) => r.status === 1 || r.status === 2) ? rows : undefined;
  });
}

beforeAll(async () => {
  meterClock = new ManualClock(Date.UTC(2026, 10, 22, 8));
  // The meter has been in service two days: it holds 48 hourly captures.
  ({ t, admin, sim } = await appWithDlmsMeter(
    METER,
    SPEC[0],
    meterClock,
    { authentication: 'none' },
    { historyHours: 48 },
  ));
  // The app's clock and the meter's agree.
  expect(t.clock.now().getTime()).toBe(meterClock.now());
});
closeAfterAll(() => ({ app: t, meters: [sim] }));

describe('scheduled collection of DLMS load profiles', () => {
  it('stores what the meter holds, then only the hours it captured since', async () => {
    const first = await sweep();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ status: 1, data: expect.stringMatching(/^48 hourly readings kept/) });
    expect(await stored()).toEqual(held());

    // The same hour again: nothing new on the meter, nothing queued.
    expect(await sweep()).toHaveLength(1);

    t.clock.advanceMinutes(150);
    meterClock.advance(150 * 60_000);
    // The console session idled out meanwhile: sign in again.
    const login = await t.call<{ token: string }>('/api/user/login', {
      userId: 'admin',
      password: ADMIN_PASSWORD,
    });
    admin = login.result.token;
    const next = await sweep();
    expect(next).toHaveLength(2);
    expect(next.map((r) => r.data)).toContain(
      `2 hourly readings kept (${wireTime(Date.UTC(2026, 10, 22, 9))} – ${wireTime(Date.UTC(2026, 10, 22, 10))})`,
    );
    const rows = await stored();
    expect(rows).toHaveLength(50);
    expect(rows).toEqual(held());
  });
});

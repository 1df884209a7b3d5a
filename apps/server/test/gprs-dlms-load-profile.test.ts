import type { LoadProfileRow } from '@prepay/contracts';
import { numberOf } from '@prepay/dlms';
import { type DlmsMeter, ManualClock, syntheticFleet } from '@prepay/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../src/lib/dates.js';
import {
  closeAfterAll,
  dlmsItemId,
  headendAppWithMeter,
  type ListeningMeter,
  listeningDlmsMeter,
  runReading,
  wireTime,
} from './gprs-dlms-fixture.js';
import type { TestApp } from './harness.js';

/**
 * Load-profile range reads through the head-end: a GPRS reading task on the catalogue's load profile
 * (class 7) with a time range is sent over the DLMS transport to a simulated meter, which answers its
 * hourly captures in the range (selective access by range); the head-end applies the energy column's
 * scaler and stores the rows in the hourly interval table the Load Profile pages read.
 */
const SPEC = syntheticFleet({ count: 1, seed: 41 }).meters;
const METER = '47009920001';
// The meter starts at 08:00 holding two days of hourly captures, then runs six more hours.
const T0 = Date.UTC(2026, 10, 2, 8);
const HISTORY_HOURS = 48;
const LOAD_PROFILE = '1.0.99.1.0.255';

let t: TestApp;
let admin: string;
let sim: ListeningMeter;

/** What the meter holds from `from` to `to`: each capture's time and register in 0.1 kWh (cut down). */
function held(meter: DlmsMeter, from: number, to: number) {
  return meter.loadProfile.rows
    .filter((r) => r.localMs >= from && r.localMs <= to)
    .map((r) => {
      const energy = r.values[0];
      if (!energy) throw new Error('a capture without its register');
      // The register counts 0.01 kWh (10 Wh, scaler 1): 0.1 kWh is a tenth of it, cut down.
      return { at: wireTime(r.localMs), tenths: Math.floor(numberOf(energy) / 10) };
    });
}

async function energyCurve(): Promise<{ total: number; data: LoadProfileRow[] }> {
  const res = await t.call<{ total: number; data: LoadProfileRow[] }>(
    '/API/LoadProfile/ElectricEnergyCurve',
    { lang: 'en', meterId: METER, pageNumber: 1, pageSize: 200, orderBy: 'currentDate asc' },
    admin,
  );
  expect(res.code, res.reason).toBe(0);
  return res.result;
}

/** Stored rows as (time, total, usage), oldest first; total and usage in 0.1 kWh, usage null when unknown. */
async function stored() {
  const curve = await energyCurve();
  return curve.data
    .map((r) => {
      const [total, , usage] = r.data.split(',');
      return {
        at: r.currentDate,
        tenths: Math.round(Number(total) * 10),
        usage: usage ? Math.round(Number(usage) * 10) : null,
      };
    })
    .sort((a, b) => a.at.localeCompare(b.at));
}

const readRange = async (from: number, to: number) =>
  runReading(t, admin, METER, LOAD_PROFILE, { data: `${wireTime(from)},${wireTime(to)}` });

beforeAll(async () => {
  const clock = new ManualClock(T0);
  sim = await listeningDlmsMeter(SPEC[0], clock, { authentication: 'none' }, { historyHours: HISTORY_HOURS });
  clock.advance(6 * HOUR_MS);
  ({ t, admin } = await headendAppWithMeter(METER, sim.listener.port));
});
closeAfterAll(() => ({ app: t, meters: [sim] }));

describe('load-profile range reads through the head-end', () => {
  it('stores the range the meter holds, with its scaler applied, once however often it is read', async () => {
    const from = T0 - 24 * HOUR_MS;
    const to = T0;
    const want = held(sim.meter, from, to);
    expect(want).toHaveLength(25);
    const row = await readRange(from, to);
    expect(row.status, row.reason ?? '').toBe(1);
    expect(row.data).toBe(`25 hourly readings kept (${wireTime(from)} – ${wireTime(to)})`);
    const rows = await stored();
    expect(rows.map(({ at, tenths }) => ({ at, tenths }))).toEqual(want);
    // Each hour's usage is the register's step from the hour before; the first hour's is not known.
    expect(rows.map((r) => r.usage)).toEqual(
      want.map((w, i) => (i === 0 ? null : w.tenths - (want[i - 1]?.tenths ?? 0))),
    );

    const again = await readRange(from, to);
    expect(again.status).toBe(1);
    expect((await energyCurve()).total).toBe(25);
  });

  it('stores what the meter holds of a range that starts before its oldest capture', async () => {
    const from = T0 - 60 * HOUR_MS;
    const to = T0 - 40 * HOUR_MS;
    const want = held(sim.meter, from, to);
    // The meter's oldest capture is 47 hours before the start: 8 of the range's 21 hours.
    expect(want).toHaveLength(8);
    const row = await readRange(from, to);
    expect(row.status, row.reason ?? '').toBe(1);
    expect(row.data).toMatch(/^8 hourly readings kept/);
    const rows = await stored();
    expect(rows).toHaveLength(33);
    expect(rows.slice(0, 8).map(({ at, tenths }) => ({ at, tenths }))).toEqual(want);
  });

  it('refuses a range that is not two date-times in order, and queues nothing', async () => {
    const protocolId = await dlmsItemId(t, 0, LOAD_PROFILE);
    const before = await t.call<{ total: number }>(
      '/API/GPRSMeterTask/GPRSGetReadingTask',
      { lang: 'en', meterId: METER, pageNumber: 1, pageSize: 1 },
      admin,
    );
    for (const data of ['yesterday', `${wireTime(T0)},${wireTime(T0 - HOUR_MS)}`]) {
      const res = await t.call(
        '/API/GPRSMeterTask/GPRSCreateReadingTask',
        [{ meterId: METER, protocolId, data }],
        admin,
      );
      expect(res.code).not.toBe(0);
      expect(res.reason).toMatch(/the range (is two date-times|ends before it starts)/);
    }
    const after = await t.call<{ total: number }>(
      '/API/GPRSMeterTask/GPRSGetReadingTask',
      { lang: 'en', meterId: METER, pageNumber: 1, pageSize: 1 },
      admin,
    );
    expect(after.result.total).toBe(before.result.total);
  });
});

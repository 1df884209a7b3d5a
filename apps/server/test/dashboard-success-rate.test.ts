import { describe, expect } from 'vitest';
import { remoteTasks } from '../src/db/schema.js';
import { userWithRole } from './harness.js';
import { reportTest } from './report-fixture.js';

/**
 * Dashboard line chart type 6 ("Hourly Success Rate", 48 points in %): the share of
 * finished remote tasks that succeeded, per hour of their finish, scoped to the user's station.
 */
type Chart = { xData: string[]; yData: (number | null)[] };

const it = reportTest(async ({ t, fleet }) => {
  const s2 = await userWithRole(t, {
    userId: 'rate2',
    content: 'AutomaticMeterReading.Alarm',
    stationId: 'S2',
  });
  const top = new Date(t.clock.now());
  top.setMinutes(0, 0, 0);
  // Finished `hoursBack` hours before the current hour began, plus some minutes.
  const task = (station: 'S1' | 'S2', status: number, hoursBack: number) => {
    const meter = fleet.find((m) => m.stationId === station);
    const at = new Date(top.getTime() - hoursBack * 3_600_000 + 10 * 60_000);
    return {
      kind: 'reading' as const,
      meterId: meter?.meterId ?? '',
      stationId: station,
      status,
      createDate: at,
      updateDate: at,
    };
  };
  await t.database.db.insert(remoteTasks).values([
    // One hour back: S1 3 of 4 succeeded, S2 1 of 2.
    ...[1, 1, 1, 2].map((s) => task('S1', s, 1)),
    ...[1, 2].map((s) => task('S2', s, 1)),
    // Five hours back: S1 all succeeded; a waiting task (status 0) is not finished and does not count.
    task('S1', 1, 5),
    task('S1', 0, 5),
    // Fifty hours back: outside the 48 hours.
    task('S2', 2, 50),
  ]);
  return { s2 };
});

describe('dashboard line chart type 6', () => {
  it('gives the hourly success rate of finished tasks over 48 hours, by station scope', async ({
    t,
    admin,
    prepared: { s2 },
  }) => {
    const all = await t.call<Chart>('/api/dashboard/readLineChart', { type: 6, days: 48 }, admin);
    expect(all.code, all.reason).toBe(0);
    expect(all.result.xData).toHaveLength(48);
    // An hour in which no task finished has no rate (a gap in the chart), not 0 %.
    const expected: (number | null)[] = Array.from({ length: 48 }, () => null);
    // Index 47 is the current hour, 46 the one before.
    expected[46] = 66.7; // 4 of 6
    expected[42] = 100;
    expect(all.result.yData).toEqual(expected);
    const pad = (n: number) => String(n).padStart(2, '0');
    const last = new Date(t.clock.now());
    expect(all.result.xData[47]).toBe(
      `${pad(last.getMonth() + 1)}-${pad(last.getDate())} ${pad(last.getHours())}:00`,
    );

    const mine = await t.call<Chart>('/api/dashboard/readLineChart', { type: 6, days: 48 }, s2);
    expect(mine.code, mine.reason).toBe(0);
    const s2Expected: (number | null)[] = Array.from({ length: 48 }, () => null);
    s2Expected[46] = 50;
    expect(mine.result.yData).toEqual(s2Expected);
  });
});

import type { TransformerBalanceRow } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import {
  type FixtureMeter,
  REVPROT_NETWORK,
  type RevprotScope,
  type RevprotTokens,
  reportRows,
  revprotAppForSuite,
  revprotScopeArb,
  scopeSees,
  storeDailyRows,
} from './report-fixture.js';
import { sheetRows } from './workbook.js';

/**
 * Each finding equals a straightforward recomputation from the raw rows: random daily readings with
 * random gaps under a fixed network, random day ranges and station scopes.
 */
let t: TestApp;
let fleet: FixtureMeter[];
let tokens: RevprotTokens;

revprotAppForSuite('RevenueProtection.TransformerBalance', (app) => {
  ({ t, fleet, tokens } = app);
});

const DAYS = 14;
const dayText = (d: number) => `2026-10-${String(1 + d).padStart(2, '0')}`;
const allMeters = () => [
  ...fleet.map((m) => ({ id: m.meterId, stationId: m.stationId })),
  { id: 'CK1', stationId: 'S1' },
  { id: 'CK2', stationId: 'S2' },
];

/** A reading per (meter, day) drawn or left out: the gaps are part of the property. */
const readingsArb = fc.array(
  fc.record({
    meter: fc.nat({ max: 7 }),
    day: fc.nat({ max: DAYS - 1 }),
    usage: fc.integer({ min: 0, max: 900 }),
  }),
  { maxLength: 90 },
);

/** A percentage to two places, halves away from zero (as PostgreSQL's round of a numeric). */
const percent = (part: number, whole: number) => {
  const v = (Math.abs(part) * 10000) / whole;
  return (Math.sign(part) * Math.round(v)) / 100 || 0;
};

type Reading = { meter: number; day: number; usage: number };

/** The balance recomputed by hand from the readings that were stored. */
function expected(stored: Map<string, number>, from: number, to: number, scope: RevprotScope) {
  const rows: Partial<TransformerBalanceRow>[] = [];
  for (const n of REVPROT_NETWORK) {
    if (!scopeSees(scope, n.stationId)) continue;
    for (let d = from; d <= to; d++) {
      const check = n.check ? stored.get(`${n.check}/${d}`) : undefined;
      const read = n.customers
        .map((i) => stored.get(`${fleet[i]?.meterId}/${d}`))
        .filter((u) => u !== undefined);
      const sum = read.reduce((a, b) => a + b, 0);
      const missing = n.customers.length - read.length;
      const complete = check !== undefined && missing === 0;
      rows.push({
        transformerId: n.id,
        readingDate: dayText(d),
        checkEnergy: check === undefined ? null : check / 10,
        customerEnergy: sum / 10,
        lossEnergy: complete ? (check - sum) / 10 : null,
        lossPercent: complete && check > 0 ? percent(check - sum, check) : null,
        missingMeters: missing,
        checkMissing: check === undefined,
      });
    }
  }
  return rows.sort((a, b) =>
    `${a.transformerId}${a.readingDate}`.localeCompare(`${b.transformerId}${b.readingDate}`),
  );
}

async function store(readings: Reading[]) {
  await t.database.db.execute(sql`truncate meter_daily_data`);
  const meterList = allMeters();
  const stored = new Map<string, number>();
  for (const r of readings) {
    const m = meterList[r.meter];
    if (m) stored.set(`${m.id}/${r.day}`, r.usage);
  }
  const rows = [...stored.entries()].map(([key, usage]) => {
    const [meterId = '', day = '0'] = key.split('/');
    const stationId = meterList.find((m) => m.id === meterId)?.stationId ?? 'S1';
    return { meterId, stationId, currentDate: dayText(Number(day)), usage1: usage, total1: usage };
  });
  if (rows.length) await storeDailyRows(t, rows);
  return stored;
}

describe('transformer balance', () => {
  it('equals the check meter against the sum of its customers, gaps counted not guessed', async () => {
    await fc.assert(
      fc.asyncProperty(
        readingsArb,
        fc.nat({ max: DAYS - 1 }),
        fc.nat({ max: DAYS - 1 }),
        revprotScopeArb,
        async (readings, a, b, scope) => {
          const stored = await store(readings);
          const [from, to] = [Math.min(a, b), Math.max(a, b)];
          const body = {
            days: [dayText(from), dayText(to)],
            stationId: scope.stationId,
            orderBy: 'transformerId asc',
          };
          const got = await reportRows<TransformerBalanceRow>(
            t,
            '/api/revenueProtection/transformerBalance/read',
            body,
            tokens[scope.who],
          );
          const shaped = got
            .map((r) => ({
              transformerId: r.transformerId,
              readingDate: r.readingDate,
              checkEnergy: r.checkEnergy,
              customerEnergy: r.customerEnergy,
              lossEnergy: r.lossEnergy,
              lossPercent: r.lossPercent,
              missingMeters: r.missingMeters,
              checkMissing: r.checkMissing,
            }))
            .sort((x, y) =>
              `${x.transformerId}${x.readingDate}`.localeCompare(`${y.transformerId}${y.readingDate}`),
            );
          expect(shaped).toEqual(expected(stored, from, to, scope));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses a reversed or unsortable request with a 400', async () => {
    const path = '/api/revenueProtection/transformerBalance/read';
    const reversed = await t.call(path, { days: ['2026-10-05', '2026-10-01'] }, tokens.admin);
    expect(reversed.status).toBe(400);
    const badSort = await t.call(
      path,
      { days: ['2026-10-01', '2026-10-05'], orderBy: 'x asc' },
      tokens.admin,
    );
    expect(badSort.status).toBe(400);
    const noDays = await t.call(path, {}, tokens.admin);
    expect(noDays.status).toBe(400);
    const file = await t.post(
      '/api/revenueProtection/transformerBalance/export',
      { days: ['2026-10-01', '2026-10-03'], lang: 'en' },
      tokens.userS2,
    );
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toContain('Loss (%)');
    // One station-S2 transformer over three days.
    expect(rows.slice(1).map((r) => r[0])).toEqual(['TX2', 'TX2', 'TX2']);
  });
});

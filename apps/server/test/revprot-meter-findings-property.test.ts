import type { BeyondCreditRow, SuspectRow, TamperFlag, TamperRow, ZeroBuyerRow } from '@prepay/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDay, localTime } from '../src/lib/dates.js';
import type { TestApp } from './harness.js';
import {
  clearReportData,
  columns,
  type FixtureMeter,
  REVPROT_NETWORK,
  type RevprotScope,
  type RevprotTokens,
  reportRows,
  revprotAppForSuite,
  revprotScopeArb,
  scopeSees,
  storeDailyRows,
  storeVends,
} from './report-fixture.js';
import {
  beyondCredit,
  type RawMeter,
  type RawNetwork,
  type RawReading,
  type RawVend,
  suspects,
  tamper,
  zeroBuyers,
} from './revprot-findings-expected.js';
import { sheetRows } from './workbook.js';

/**
 * The meter findings (zero buyers, consumption beyond credit, tamper, suspects) each equal a plain
 * recomputation from the raw rows (vends, daily readings with their flags and credit, the check meters'
 * readings), across days looked at, station scopes and missing days.
 */
let t: TestApp;
let fleet: FixtureMeter[];
let tokens: RevprotTokens;
const START = '2026-09-01';
const DAYS = 45;
const dayText = (d: number) => addDays(START, d);
const dayIndex = (text: string) => daysBetween(START, text.slice(0, 10));

let raw: RawMeter[] = [];
let network: RawNetwork[] = [];

revprotAppForSuite(
  'RevenueProtection.ZeroBuyers,RevenueProtection.ConsumptionBeyondCredit,RevenueProtection.Tamper,RevenueProtection.Suspects',
  (app) => {
    ({ t, fleet, tokens } = app);
    const transformerOf = (i: number) => REVPROT_NETWORK.find((n) => n.customers.includes(i))?.id ?? null;
    raw = [
      ...fleet.map((m, i) => ({
        meterId: m.meterId,
        customerId: m.customerId,
        stationId: m.stationId,
        transformerId: transformerOf(i),
        openedDay: daysBetween(START, localDay(m.accountCreated)),
      })),
      { meterId: 'CK1', customerId: null, stationId: 'S1', transformerId: null, openedDay: null },
      { meterId: 'CK2', customerId: null, stationId: 'S2', transformerId: null, openedDay: null },
    ];
    network = REVPROT_NETWORK.map((n) => ({
      transformerId: n.id,
      stationId: n.stationId,
      checkMeterId: n.check,
      customers: n.customers.map((i) => fleet[i]?.meterId ?? ''),
    }));
  },
);

const rare = fc.integer({ min: 0, max: 30 }).map((x) => x === 0);
/** A flag raised on about one reading in a hundred. */
const flagged = fc.integer({ min: 0, max: 99 }).map((x) => x === 0);
/** One (meter, day) cell of the data: read or not (a gap), its usage, credit and flags. */
const cellArb = fc.record({
  read: fc.integer({ min: 0, max: 6 }).map((x) => x > 0),
  usage: fc.option(fc.integer({ min: 0, max: 400 }), { freq: 15 }),
  remain: fc.option(fc.integer({ min: -200, max: 3000 }), { freq: 3 }),
  flags: fc.record({
    coverOpen: flagged,
    terminalCoverOpen: flagged,
    magneticInterference: flagged,
    currentReverse: flagged,
    currentUnbalance: flagged,
  }),
});
const vendArb = fc.record({
  meter: fc.nat({ max: 5 }),
  day: fc.nat({ max: DAYS - 1 }),
  hour: fc.nat({ max: 23 }),
  units: fc.integer({ min: 1, max: 4000 }),
  cancelled: rare,
});
const dataArb = fc.record({
  cells: fc.array(cellArb, { minLength: 8 * DAYS, maxLength: 8 * DAYS }),
  vends: fc.array(vendArb, { maxLength: 14 }),
});
const NO_FLAGS = {
  coverOpen: false,
  terminalCoverOpen: false,
  magneticInterference: false,
  currentReverse: false,
  currentUnbalance: false,
};
const rangeArb = fc
  .tuple(fc.nat({ max: DAYS - 1 }), fc.nat({ max: DAYS - 1 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

/** Stores a run's rows (one per meter and day, one vend per meter and day); returns what was stored. */
type CellIn = typeof cellArb extends fc.Arbitrary<infer R> ? R : never;
type VendIn = typeof vendArb extends fc.Arbitrary<infer V> ? V : never;
async function store(data: { cells: CellIn[]; vends: VendIn[] }) {
  await clearReportData(t);
  const rows: RawReading[] = data.cells.flatMap((c, i) => {
    const m = raw[Math.floor(i / DAYS)];
    return m && c.read
      ? [{ meterId: m.meterId, day: i % DAYS, usage: c.usage, remain: c.remain, flags: c.flags }]
      : [];
  });
  if (rows.length) {
    await storeDailyRows(
      t,
      rows.map((r) => ({
        meterId: r.meterId,
        stationId: raw.find((m) => m.meterId === r.meterId)?.stationId ?? 'S1',
        currentDate: dayText(r.day),
        usage1: r.usage,
        total1: 1000,
        remain1: r.remain,
        ...r.flags,
      })),
    );
  }
  const vendKeys = new Map<string, RawVend & { meter: FixtureMeter }>();
  for (const v of data.vends) {
    const meter = fleet[v.meter];
    if (meter) vendKeys.set(`${meter.meterId}/${v.day}`, { ...v, meterId: meter.meterId, meter });
  }
  const vends = [...vendKeys.values()];
  if (vends.length) {
    await storeVends(
      t,
      vends.map((v) => ({
        meter: v.meter,
        at: localTime(dayText(v.day), v.hour, 17),
        units: v.units,
        paidMinor: v.units * 10,
        payDebtMinor: 0,
        cancelled: v.cancelled,
      })),
    );
  }
  return { rows, vends: vends.map(({ meter: _m, ...v }) => v) };
}

/** The meters a scope sees. */
const visible = (scope: RevprotScope) => raw.filter((m) => scopeSees(scope, m.stationId));
const byMeter = <T extends { meterId: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.meterId.localeCompare(b.meterId));
const path = (finding: string) => `/api/revenueProtection/${finding}/read`;

describe('meter findings', () => {
  it('zero buyers: no issued purchase for N days, and what the meter did in those days', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataArb,
        fc.nat({ max: DAYS - 1 }),
        fc.integer({ min: 1, max: 40 }),
        revprotScopeArb,
        async (data, asOf, minDays, scope) => {
          const { rows, vends } = await store(data);
          const got = await reportRows<ZeroBuyerRow>(
            t,
            path('zeroBuyers'),
            { asOf: dayText(asOf), minDays, stationId: scope.stationId },
            tokens[scope.who],
          );
          const shaped = got.map((r) => ({
            meterId: r.meterId,
            lastVendDay: r.lastPurchaseDate === null ? null : dayIndex(r.lastPurchaseDate),
            nonpurchaseDays: r.nonpurchaseDays,
            readDays: r.readDays,
            energy: r.energy,
            lastReading: r.lastReadingDate === null ? null : dayIndex(r.lastReadingDate),
            state: r.state,
          }));
          const want = zeroBuyers(visible(scope), rows, vends, asOf, minDays);
          expect(byMeter(shaped)).toEqual(byMeter(want));
          // The default order: longest without a purchase first.
          expect(got.map((r) => r.nonpurchaseDays)).toEqual(
            [...got.map((r) => r.nonpurchaseDays)].sort((a, b) => b - a),
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it('consumption beyond credit: energy since the last purchase over the purchase, credit before and emergency credit', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataArb,
        fc.nat({ max: DAYS - 1 }),
        fc.nat({ max: 500 }),
        revprotScopeArb,
        async (data, asOf, emergency, scope) => {
          const { rows, vends } = await store(data);
          const got = await reportRows<BeyondCreditRow>(
            t,
            path('consumptionBeyondCredit'),
            { asOf: dayText(asOf), emergencyCredit: emergency / 10, stationId: scope.stationId },
            tokens[scope.who],
          );
          const shaped = columns(
            got,
            'meterId',
            'purchaseEnergy',
            'creditBefore',
            'energySince',
            'excessEnergy',
            'readDays',
            'missingDays',
          );
          expect(byMeter(shaped)).toEqual(
            byMeter(beyondCredit(visible(scope), rows, vends, asOf, emergency)),
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it('tamper: the flags raised in the range, and the daily use before and after the first event', async () => {
    const flagArb = fc.option(
      fc.constantFrom<TamperFlag>(
        'coverOpen',
        'terminalCoverOpen',
        'magneticInterference',
        'currentReverse',
        'currentUnbalance',
      ),
      { freq: 2 },
    );
    await fc.assert(
      fc.asyncProperty(dataArb, rangeArb, revprotScopeArb, flagArb, async (data, [from, to], scope, flag) => {
        const { rows } = await store(data);
        const got = await reportRows<TamperRow>(
          t,
          path('tamper'),
          { days: [dayText(from), dayText(to)], stationId: scope.stationId, flag },
          tokens[scope.who],
        );
        const shaped = got.map(
          ({ customerId: _c, transformerId: _t, stationId: _s, firstEventDate, lastEventDate, ...r }) => ({
            ...r,
            first: dayIndex(firstEventDate),
            last: dayIndex(lastEventDate),
          }),
        );
        const want = tamper(visible(scope), rows, from, to).filter(
          (r) => !flag || (r as Record<string, unknown>)[`${flag}Days`] !== 0,
        );
        expect(byMeter(shaped)).toEqual(byMeter(want));
      }),
      { numRuns: 20 },
    );
  });

  it('suspects: ranked by the points of the findings that raised them, highest first', async () => {
    await fc.assert(
      fc.asyncProperty(dataArb, rangeArb, revprotScopeArb, async (data, [from, to], scope) => {
        const { rows, vends } = await store(data);
        const got = await reportRows<SuspectRow>(
          t,
          path('suspects'),
          { days: [dayText(from), dayText(to)], stationId: scope.stationId },
          tokens[scope.who],
        );
        const shaped = got.map((r) => ({
          meterId: r.meterId,
          score: r.score,
          evidence: Object.fromEntries(r.evidence.map((e) => [e.finding, e.points])),
        }));
        const want = suspects({ meters: visible(scope), rows, vends, network, from, to }).sort(
          (a, b) => b.score - a.score || a.meterId.localeCompare(b.meterId),
        );
        expect(shaped).toEqual(want);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a bad request with a 400 and exports what the grid shows', async () => {
    const bad = [
      [path('tamper'), { days: ['2026-10-05', '2026-10-01'] }],
      [path('suspects'), { days: ['2026-10-01', '2026-10-05'], orderBy: 'x asc' }],
      [path('zeroBuyers'), { minDays: 0 }],
      [path('consumptionBeyondCredit'), { emergencyCredit: -1 }],
      [path('tamper'), { days: ['2026-10-01', '2026-10-05'], flag: 'open' }],
    ] as const;
    for (const [p, body] of bad) expect((await t.call(p, body, tokens.admin)).status, p).toBe(400);
    const quiet: CellIn = { read: false, usage: null, remain: null, flags: NO_FLAGS };
    const cells = Array.from({ length: 8 * DAYS }, () => quiet);
    cells[3 * DAYS + 3] = {
      ...quiet,
      read: true,
      usage: 10,
      flags: { ...NO_FLAGS, magneticInterference: true },
    };
    await store({ cells, vends: [] });
    const file = await t.post(
      '/api/revenueProtection/tamper/export',
      { days: [dayText(0), dayText(10)], lang: 'en' },
      tokens.userS2,
    );
    expect(file.statusCode).toBe(200);
    const sheet = await sheetRows(file.rawPayload);
    expect(sheet[0]).toContain('Magnetic Interference (days)');
    expect(sheet.slice(1).map((r) => r[0])).toEqual([fleet[3]?.meterId]);
  });
});

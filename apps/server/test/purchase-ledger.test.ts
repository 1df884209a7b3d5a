import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerCovers } from '../src/modules/prepay-report/purchase-ledger.repo.js';
import { queryRows, type TestApp } from './harness.js';
import {
  clearReportData,
  type FixtureMeter,
  lowPurchaseRows,
  lowPurchaseTotals,
  reportAppForSuite,
  storeVends,
  type Vend,
  vendFieldArbs,
  wire,
} from './report-fixture.js';

/**
 * The purchase ledger (migration 0014) that Low Purchase Situation reads: the trigger keeps it equal to a
 * rebuild from the token records through vends in any order, cancels, re-issues and deletes; and over a
 * history longer than its 400-day fold the report still equals a recomputation from the raw vends, from
 * the ledger where it covers the range and from the token records where it does not.
 */
let t: TestApp;
let fleet: FixtureMeter[];
let admin: string;
const DAY = 86_400_000;
const origin = new Date(2026, 8, 20).getTime();
const at = (day: number, minute: number) => new Date(origin + day * DAY + minute * 60_000);

reportAppForSuite((app) => {
  ({ t, fleet, admin } = app);
});

type LedgerRow = {
  meter_id: string;
  folded_before: unknown;
  base_times: number;
  base_units: string;
  base_paid_minor: string;
  vend_dates: string;
  cum_times: string;
  cum_units: string;
  cum_paid_minor: string;
};

/** The ledger with arrays as text (both drivers alike), leaving out meters left with nothing. */
async function ledgerRows(): Promise<LedgerRow[]> {
  return queryRows<LedgerRow>(
    t.database,
    sql`
    select meter_id, folded_before::text, base_times, base_units::text, base_paid_minor::text,
           vend_dates::text, cum_times::text, cum_units::text, cum_paid_minor::text
    from meter_purchase_ledger where cardinality(vend_dates) > 0 or base_times <> 0 order by meter_id`,
  );
}

/** Low Purchase Situation's figures for `body`, as the admin. */
const lowPurchaseOf = (body: object) => lowPurchaseRows(t, body, admin);

const vendArb = fc.record({
  ...vendFieldArbs,
  day: fc.integer({ min: 0, max: 60 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  // What happens to it after all are stored: stays, cancelled, cancelled then re-issued, deleted.
  fate: fc.constantFrom('issued', 'cancelled', 'reissued', 'deleted'),
});

const toVend = (v: {
  meter: number;
  day: number;
  minute: number;
  units: number;
  paidMinor: number;
}): Vend => ({
  meter: fleet[v.meter] as FixtureMeter,
  at: at(v.day, v.minute),
  units: v.units,
  paidMinor: v.paidMinor,
  payDebtMinor: 0,
  cancelled: false,
});

/** One meter's vends today and 500 days ago: the older one is folded, so a range reaching it reads the token records. */
const twoVends500DaysApart = [0, -500].map((day) => ({
  meter: 0,
  day,
  minute: 60,
  units: 5,
  paidMinor: 700,
  cancelled: false,
}));

describe('purchase ledger', () => {
  it('equals a rebuild from the token records after vends in any order, cancels, re-issues and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(vendArb, { maxLength: 30 }), async (raw) => {
        await clearReportData(t);
        // One statement per vend, in the generated (unsorted) order: each is its own trigger call.
        for (const v of raw) await storeVends(t, [toVend(v)]);
        const ids = (
          await queryRows<{ id: number | string }>(t.database, sql`select id from token_records order by id`)
        ).map((r) => Number(r.id));
        const of = (fate: string) => ids.filter((_, i) => raw[i]?.fate === fate);
        const list = (xs: number[]) => sql.join(xs, sql`, `);
        const cancel = [...of('cancelled'), ...of('reissued')];
        if (cancel.length)
          await t.database.db.execute(sql`update token_records set status = 1 where id in (${list(cancel)})`);
        for (const id of of('reissued'))
          await t.database.db.execute(sql`update token_records set status = 0 where id = ${id}`);
        for (const id of of('deleted'))
          await t.database.db.execute(sql`delete from token_records where id = ${id}`);
        const kept = await ledgerRows();
        await t.database.db.execute(sql`select purchase_ledger_rebuild()`);
        expect(kept).toEqual(await ledgerRows());
      }),
      { numRuns: 20 },
    );
  }, 180_000);

  it('Low Purchase over a history longer than the 400-day fold equals a recomputation from the raw vends', async () => {
    const longVendArb = fc.record({
      ...vendFieldArbs,
      day: fc.integer({ min: -520, max: 60 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      cancelled: fc.boolean(),
    });
    const paths = new Set<boolean>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(longVendArb, { maxLength: 40 }),
        fc.tuple(fc.integer({ min: -530, max: 62 }), fc.integer({ min: -530, max: 62 })),
        fc.constantFrom(null, 'S1', 'S2'),
        // Sorted by units, the ledger sums units and times for every meter; otherwise for the page only.
        fc.constantFrom('meterId asc', 'purchaseTotalUnit desc', 'purchaseTotalPaid asc'),
        async (raw, [a, b], stationId, orderBy) => {
          await clearReportData(t);
          const vends = raw.map((v) => ({ ...toVend(v), cancelled: v.cancelled }));
          for (const v of vends) await storeVends(t, [v]);
          const from = at(Math.min(a, b), 0);
          const to = at(Math.max(a, b), 1439);
          to.setSeconds(59);
          const dateRange: [string, string] = [wire(from), wire(to)];
          paths.add(await ledgerCovers(t.database.db, dateRange));
          const got = await lowPurchaseOf({ stationId, dateRange, orderBy });
          const stationMeters = fleet.filter((m) => !stationId || m.stationId === stationId);
          expect(got.sort((x, y) => x.meterId.localeCompare(y.meterId))).toEqual(
            lowPurchaseTotals(stationMeters, vends, from, to),
          );
        },
      ),
      {
        numRuns: 25,
        // Two fixed cases beside the random ones, so both sources are always compared.
        examples: [
          [twoVends500DaysApart, [-510, 0], null, 'meterId asc'],
          [twoVends500DaysApart, [-10, 10], 'S1', 'purchaseTotalUnit desc'],
        ],
      },
    );
    // Both sources were compared: ranges the ledger covers and ranges reaching before a fold.
    expect([...paths].sort()).toEqual([false, true]);
  }, 180_000);

  it('folds vends 400 days older than the latest into the base and sums earlier ranges from the token records', async () => {
    await clearReportData(t);
    const m = fleet[0] as FixtureMeter;
    const vend = (day: number, paidMinor: number): Vend => ({
      ...toVend({ meter: 0, day, minute: 600, units: 10, paidMinor }),
      meter: m,
    });
    await storeVends(t, [vend(-500, 100), vend(-450, 200), vend(-20, 400), vend(0, 800)]);
    const [row] = await ledgerRows();
    // Day -20's vend moved the horizon to day -420: the two oldest are base totals only.
    expect(row).toMatchObject({
      meter_id: m.meterId,
      base_times: 2,
      base_paid_minor: '300',
      cum_paid_minor: '{400,1200}',
    });
    const paid = async (a: number, b: number) => {
      const dateRange: [string, string] = [wire(at(a, 0)), wire(at(b, 1439))];
      const [row] = await lowPurchaseOf({ dateRange, meterId: m.meterId });
      return { covered: await ledgerCovers(t.database.db, dateRange), paid: row?.purchaseTotalPaid };
    };
    expect(await paid(-30, 0)).toEqual({ covered: true, paid: 12 });
    expect(await paid(-399, 0)).toEqual({ covered: true, paid: 12 });
    expect(await paid(-460, -100)).toEqual({ covered: false, paid: 2 });
    expect(await paid(-600, 0)).toEqual({ covered: false, paid: 15 });
    // No range at all: every issued vend, base included, from the ledger.
    const [all] = await lowPurchaseOf({ meterId: m.meterId });
    expect(all?.purchaseTotalPaid).toBe(15);
    expect(await ledgerCovers(t.database.db, null)).toBe(true);
    // Cancelling a folded vend takes it out of the base.
    await t.database.db.execute(
      sql`update token_records set status = 1 where meter_id = ${m.meterId} and total_paid_minor = 100`,
    );
    expect((await ledgerRows())[0]).toMatchObject({ base_times: 1, base_paid_minor: '200' });
  }, 60_000);
});

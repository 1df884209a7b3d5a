import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { transformers } from '../src/db/schema.js';
import { addDays } from '../src/lib/dates.js';
import type { TestApp } from './harness.js';
import { type FixtureMeter, reportAppForSuite, storeDailyRows, storeVends } from './report-fixture.js';

/**
 * The summaries the findings read, kept on write, equal a recomputation from the raw rows after random
 * sequences of vends, cancels, daily-row writes, re-collections (overwrites), deletes and meters moved
 * between transformers.
 */
let t: TestApp;
let fleet: FixtureMeter[];
const TRANSFORMERS = ['TA', 'TB', 'TC'];
const START = '2026-09-01';

reportAppForSuite(async (app) => {
  ({ t, fleet } = app);
  await t.database.db
    .insert(transformers)
    .values(TRANSFORMERS.map((id) => ({ transformerId: id, stationId: 'S1' })));
});

const opArb = fc.oneof(
  fc.record({
    op: fc.constant('daily' as const),
    rows: fc.array(
      fc.record({
        meter: fc.nat({ max: 5 }),
        day: fc.nat({ max: 9 }),
        usage: fc.option(fc.integer({ min: 0, max: 900 }), { freq: 6 }),
        remain: fc.option(fc.integer({ min: 0, max: 5000 }), { freq: 2 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  }),
  fc.record({ op: fc.constant('delete' as const), meter: fc.nat({ max: 5 }), day: fc.nat({ max: 9 }) }),
  fc.record({
    op: fc.constant('move' as const),
    meter: fc.nat({ max: 5 }),
    to: fc.option(fc.constantFrom(...TRANSFORMERS), { freq: 4 }),
  }),
  fc.record({
    op: fc.constant('vend' as const),
    meter: fc.nat({ max: 5 }),
    day: fc.nat({ max: 9 }),
    cancelled: fc.boolean(),
  }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

async function apply(op: Op) {
  const db = t.database.db;
  const meter = fleet['meter' in op ? op.meter : 0] ?? fleet[0];
  if (!meter) throw new Error('no fixture meter');
  if (op.op === 'daily') {
    // One batch as collection writes it: the last of a (meter, day) wins, an existing row is overwritten.
    const batch = new Map(op.rows.map((r) => [`${r.meter}/${r.day}`, r]));
    await storeDailyRows(
      t,
      [...batch.values()].map((r) => {
        const m = fleet[r.meter] ?? meter;
        return {
          meterId: m.meterId,
          stationId: m.stationId,
          currentDate: addDays(START, r.day),
          usage1: r.usage,
          remain1: r.remain,
          total1: 0,
        };
      }),
    );
  } else if (op.op === 'delete') {
    await db.execute(
      sql`delete from meter_daily_data where meter_id = ${meter.meterId} and reading_date = ${addDays(START, op.day)}::date`,
    );
  } else if (op.op === 'move') {
    await db.execute(sql`update meters set transformer_id = ${op.to} where meter_id = ${meter.meterId}`);
  } else {
    const at = new Date(`${addDays(START, op.day)}T10:00:00`);
    await storeVends(t, [
      { meter, at, units: 100, paidMinor: 1000, payDebtMinor: 0, cancelled: op.cancelled },
    ]);
  }
}

type Figures = { transformer_id: string; day: string; units: number; read: number };

const kept = async () =>
  rowsOf<Figures>(
    await t.database.db.execute(sql`
      select transformer_id, to_char(reading_date, 'YYYY-MM-DD') as day, units::int as units, read::int as read
      from transformer_daily where units <> 0 or read <> 0 order by 1, 2`),
  );

const recomputed = async () =>
  rowsOf<Figures>(
    await t.database.db.execute(sql`
      select m.transformer_id, to_char(r.reading_date, 'YYYY-MM-DD') as day,
             coalesce(sum(r.usage1), 0)::int as units, count(r.usage1)::int as read
      from meter_daily_data r join meters m on m.meter_id = r.meter_id
      where m.transformer_id is not null
      group by m.transformer_id, r.reading_date
      having coalesce(sum(r.usage1), 0) <> 0 or count(r.usage1) <> 0
      order by 1, 2`),
  );

type LastPurchase = { meter_id: string; record_id: number; at: string; units: number };

const lastPurchaseKept = async () =>
  rowsOf<LastPurchase>(
    await t.database.db.execute(sql`
      select meter_id, record_id::int as record_id, purchase_date::text as at, units::int as units
      from meter_last_purchase order by meter_id`),
  );

const lastPurchaseRecomputed = async () =>
  rowsOf<LastPurchase>(
    await t.database.db.execute(sql`
      select distinct on (meter_id) meter_id, id::int as record_id, create_date::text as at, units::int as units
      from token_records where kind = 'credit' and status = 0
      order by meter_id, create_date desc, id desc`),
  );

type Running = {
  meter_id: string;
  day: string;
  units: number;
  read_days: number;
  remain1: number | null;
  remain_day: string | null;
};

const runningKept = async () =>
  rowsOf<Running>(
    await t.database.db.execute(sql`
      select meter_id, to_char(reading_date, 'YYYY-MM-DD') as day, units::int as units, read_days,
             remain1::int as remain1, to_char(remain_date, 'YYYY-MM-DD') as remain_day
      from meter_usage_running order by 1, 2`),
  );

/** Per daily row, its meter's rows up to that day summed, counted and searched for the latest credit. */
const runningRecomputed = async () =>
  rowsOf<Running>(
    await t.database.db.execute(sql`
      select d.meter_id, to_char(d.reading_date, 'YYYY-MM-DD') as day,
        coalesce(sum(x.usage1), 0)::int as units, count(x.usage1)::int as read_days,
        ((array_agg(x.remain1 order by x.reading_date desc) filter (where x.remain1 is not null))[1])::int
          as remain1,
        to_char(max(x.reading_date) filter (where x.remain1 is not null), 'YYYY-MM-DD') as remain_day
      from meter_daily_data d
      join meter_daily_data x on x.meter_id = d.meter_id and x.reading_date <= d.reading_date
      group by d.meter_id, d.reading_date order by 1, 2`),
  );

describe('revenue-protection summaries', () => {
  it('equal a recomputation from the raw rows after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        await t.database.db.execute(sql`truncate meter_daily_data, token_records`);
        await t.database.db.execute(sql`update meters set transformer_id = null`);
        for (const op of ops) await apply(op);
        expect(await kept()).toEqual(await recomputed());
        expect(await runningKept()).toEqual(await runningRecomputed());
      }),
      { numRuns: 25 },
    );
  });

  it("keeps each meter's last purchase equal to a recomputation after vends, cancels and re-issues", async () => {
    const purchaseOp = fc.record({
      meter: fc.nat({ max: 5 }),
      day: fc.nat({ max: 9 }),
      hour: fc.nat({ max: 23 }),
      units: fc.integer({ min: 1, max: 900 }),
      after: fc.constantFrom('keep' as const, 'cancel' as const, 'cancelAndReissue' as const),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(purchaseOp, { minLength: 1, maxLength: 20 }), async (ops) => {
        const db = t.database.db;
        await db.execute(sql`truncate token_records, meter_last_purchase`);
        for (const op of ops) {
          const meter = fleet[op.meter] ?? fleet[0];
          if (!meter) throw new Error('no fixture meter');
          const at = new Date(`${addDays(START, op.day)}T${String(op.hour).padStart(2, '0')}:00:00`);
          await storeVends(t, [
            { meter, at, units: op.units, paidMinor: 10, payDebtMinor: 0, cancelled: false },
          ]);
          if (op.after === 'keep') continue;
          // A cancel (or a re-issue after it) of the vend just written, as the vend module's cancel does.
          await db.execute(
            sql`update token_records set status = 1 where id = (select max(id) from token_records)`,
          );
          if (op.after === 'cancelAndReissue')
            await db.execute(
              sql`update token_records set status = 0 where id = (select max(id) from token_records)`,
            );
        }
        expect(await lastPurchaseKept()).toEqual(await lastPurchaseRecomputed());
      }),
      { numRuns: 25 },
    );
  });

  it('empties with the daily rows and is rebuilt in one pass to the same figures', async () => {
    const m = fleet[0];
    if (!m) throw new Error('no fixture meter');
    await t.database.db.execute(sql`truncate meter_daily_data`);
    await t.database.db.execute(sql`update meters set transformer_id = null`);
    await t.database.db.execute(sql`update meters set transformer_id = 'TA' where meter_id = ${m.meterId}`);
    await storeDailyRows(t, [
      { meterId: m.meterId, stationId: m.stationId, currentDate: START, usage1: 42, total1: 0 },
    ]);
    const before = await kept();
    expect(before).toEqual([{ transformer_id: 'TA', day: START, units: 42, read: 1 }]);
    await t.database.db.execute(sql`select transformer_daily_rebuild()`);
    expect(await kept()).toEqual(before);
    await t.database.db.execute(sql`truncate meter_daily_data`);
    expect(await kept()).toEqual([]);
  });

  it("keeps each meter's running totals right through back-dated rows, corrections and deletes", async () => {
    const m = fleet[0];
    if (!m) throw new Error('no fixture meter');
    const db = t.database.db;
    await db.execute(sql`truncate meter_daily_data`);
    const row = (day: number, usage1: number | null, remain1: number | null) => ({
      meterId: m.meterId,
      stationId: m.stationId,
      currentDate: addDays(START, day),
      usage1,
      remain1,
      total1: 0,
    });
    await storeDailyRows(t, [row(1, 10, 500), row(2, 20, null), row(4, 40, 300)]);
    // Back-dated, then a correction of day 2 (re-collected: usage and credit replaced), then a delete.
    await storeDailyRows(t, [row(0, 5, 900)]);
    await storeDailyRows(t, [row(2, 25, 450)]);
    await db.execute(
      sql`delete from meter_daily_data where meter_id = ${m.meterId} and reading_date = ${addDays(START, 1)}::date`,
    );
    const day = (n: number) => addDays(START, n);
    expect(await runningKept()).toEqual([
      { meter_id: m.meterId, day: day(0), units: 5, read_days: 1, remain1: 900, remain_day: day(0) },
      { meter_id: m.meterId, day: day(2), units: 30, read_days: 2, remain1: 450, remain_day: day(2) },
      { meter_id: m.meterId, day: day(4), units: 70, read_days: 3, remain1: 300, remain_day: day(4) },
    ]);
    expect(await runningKept()).toEqual(await runningRecomputed());
  });

  it('backfills the running totals from existing rows in one pass to the same figures', async () => {
    const [a, b] = fleet;
    if (!a || !b) throw new Error('no fixture meters');
    const db = t.database.db;
    await db.execute(sql`truncate meter_daily_data`);
    await storeDailyRows(
      t,
      [0, 1, 3, 6].flatMap((d) =>
        [a, b].map((m, i) => ({
          meterId: m.meterId,
          stationId: m.stationId,
          currentDate: addDays(START, d),
          usage1: d === 3 && i === 0 ? null : 10 * d + i,
          remain1: d % 3 === 0 ? 100 * d + i : null,
          total1: 0,
        })),
      ),
    );
    const before = await runningKept();
    expect(before).toHaveLength(8);
    // Rows present before the state existed: the migration's backfill is this rebuild.
    await db.execute(sql`delete from meter_usage_running`);
    expect(await runningKept()).toEqual([]);
    await db.execute(sql`select meter_usage_running_rebuild()`);
    expect(await runningKept()).toEqual(before);
    expect(before).toEqual(await runningRecomputed());
  });
});

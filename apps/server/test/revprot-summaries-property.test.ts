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

describe('revenue-protection summaries', () => {
  it('equal a recomputation from the raw rows after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        await t.database.db.execute(sql`truncate meter_daily_data, token_records`);
        await t.database.db.execute(sql`update meters set transformer_id = null`);
        for (const op of ops) await apply(op);
        expect(await kept()).toEqual(await recomputed());
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
});

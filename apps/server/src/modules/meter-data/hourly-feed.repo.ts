import type { HourlyFeed, HourlyFeedQuery } from '@prepay/contracts';
import { asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { accounts, meterHourlyData } from '../../db/schema.js';
import { allOf, stationScope } from '../../kernel/read-query.js';
import { tenths } from '../../kernel/units.js';
import type { SessionUser } from '../../lib/user-context.js';

/** FROM/TO as the feed's clients send them: ISO-8601 (with or without zone) or "yyyy-MM-dd HH:mm:ss". */
function instant(s: string): Date | null {
  const d = new Date(/^\d{4}-\d{2}-\d{2} /.test(s) ? s.replace(' ', 'T') : s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `GET /api/DailyDataMeter/readHourly`: hourly readings as the integration feed of §2.2 answers them. */
export async function readHourlyFeed(
  q: Queryable,
  query: z.infer<typeof HourlyFeedQuery>,
  user: SessionUser,
): Promise<HourlyFeed> {
  const from = instant(query.FROM);
  const to = instant(query.TO);
  const errors = [...(from ? [] : ['FROM is not a date-time']), ...(to ? [] : ['TO is not a date-time'])];
  const empty = { total: 0, offset: query.offset, pageLimit: query.pageLimit, readings: [], errors };
  if (!from || !to) return empty;
  const t = meterHourlyData;
  const where = allOf([
    gte(t.readingTime, from),
    lte(t.readingTime, to),
    ...stationScope(t.stationId, user, query.SITE_ID),
    query.meterId ? eq(t.meterId, query.meterId) : undefined,
  ]);
  const [count] = await q.select({ total: sql<number>`count(*)::int` }).from(t).where(where);
  const rows = await q
    .select({ h: t, customerId: accounts.customerId })
    .from(t)
    .leftJoin(accounts, eq(accounts.meterId, t.meterId))
    .where(where)
    .orderBy(asc(t.readingTime), asc(t.meterId))
    .limit(query.pageLimit)
    .offset(query.offset);
  return {
    total: Number(count?.total ?? 0),
    offset: query.offset,
    pageLimit: query.pageLimit,
    readings: rows.map(({ h }) => ({
      timestamp: h.readingTime.toISOString(),
      meterId: h.meterId,
      energyBalanceKwh: tenths(h.remain1 ?? 0) ?? 0,
      energyConsumptionKwh: tenths(h.usage1),
      energyReadingKwh: tenths(h.total1) ?? 0,
      timeIntervalMinutes: 60,
      customerAccountId: 'N/A',
    })),
    errors: [],
  };
}

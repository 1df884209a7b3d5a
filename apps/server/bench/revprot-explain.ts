/**
 * EXPLAIN ANALYZE of each finding's first-page query on a loaded bench database (PostgreSQL at
 * BENCH_PG_URL), with the report settings the reads run with. Prints the plans; asserts nothing.
 *   BENCH_PG_URL=postgres://… [EXPLAIN_ONLY=suspects] tsx bench/revprot-explain.ts
 */
import { type SQL, sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../src/db/client.js';
import type { SessionUser } from '../src/lib/user-context.js';
import { balanceQuery } from '../src/modules/revenue-protection/findings.repo.js';
import {
  beyondCreditQuery,
  zeroBuyersQuery,
} from '../src/modules/revenue-protection/purchase-findings.repo.js';
import { suspectsQuery } from '../src/modules/revenue-protection/suspects.repo.js';
import { tamperQuery } from '../src/modules/revenue-protection/tamper.repo.js';

const user = { isSystemAdmin: true, stationId: 'NORTH' } as SessionUser;
const pad2 = (n: number) => String(n).padStart(2, '0');
function day(back: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}
/** A finding request: the grid's first page and the case's own members (typed by the query it feeds). */
const page = (extra: object = {}) => ({ lang: 'en', pageNumber: 1, pageSize: 20, ...extra }) as never;
const days: [string, string] = [day(30), day(1)];
const cases: [string, SQL][] = [
  ['suspects', suspectsQuery(page({ days }), user)],
  ['suspectsNorth', suspectsQuery(page({ days, stationId: 'NORTH' }), user)],
  ['beyond', beyondCreditQuery(page(), user, day(1))],
  ['zero30', zeroBuyersQuery(page({ minDays: 30 }), user, day(1))],
  [
    'zero90',
    sql`select * from (${zeroBuyersQuery(page({ minDays: 90 }), user, day(1))}) y where state = 'consuming'`,
  ],
  ['tamper30', tamperQuery(page({ days }), user)],
  ['tamperYear', tamperQuery(page({ days: [day(365), day(1)], stationId: 'NORTH' }), user)],
  ['balance', balanceQuery(page({ days }), user)],
];
const only = new RegExp(process.env.EXPLAIN_ONLY ?? '');
const database = await openPostgres(process.env.BENCH_PG_URL ?? '', 1);
for (const [name, q] of cases.filter(([n]) => only.test(n))) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
    const res = await tx.execute(
      sql`explain (analyze, buffers) select x.*, count(*) over ()::int as total from (${q}) x order by 1 limit 20`,
    );
    const plan = rowsOf<Record<string, string>>(res).map((r) => r['QUERY PLAN']);
    console.log(`\n===== ${name}\n${plan.join('\n')}`);
  });
}
await database.close();

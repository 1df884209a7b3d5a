import type { AlarmAcknowledgeRequest, AlarmReadRequest, AlarmRow } from '@prepay/contracts';
import { and, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { accounts, alarms, customers } from '../../db/schema.js';
import { formatDateTime, parseDateTime } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import {
  allOf,
  contains,
  equals,
  orderOf,
  pageOf,
  type ReadSpec,
  stationScope,
} from '../../lib/read-query.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { writeAudit } from '../audit/audit.js';
import { dayToWire } from './units.js';

const spec: ReadSpec = {
  sortable: {
    id: alarms.id,
    meterId: alarms.meterId,
    kind: alarms.kind,
    stationId: alarms.stationId,
    raisedDate: alarms.raisedDate,
    acknowledged: alarms.acknowledged,
    ackDate: alarms.ackDate,
  },
  defaultOrder: [desc(alarms.id)],
  search: [alarms.meterId, accounts.customerId, customers.customerName, alarms.detail],
  station: alarms.stationId,
};

type Joined = { a: typeof alarms.$inferSelect; customerId: string | null; customerName: string | null };

const toRow = ({ a, customerId, customerName }: Joined): AlarmRow => ({
  id: a.id,
  meterId: a.meterId,
  customerId,
  customerName,
  stationId: a.stationId,
  kind: a.kind,
  detail: a.detail,
  raisedDate: formatDateTime(a.raisedDate) ?? '',
  currentDate: a.currentDate ? dayToWire(a.currentDate) : null,
  acknowledged: a.acknowledged,
  ackId: a.ackId,
  ackDate: formatDateTime(a.ackDate),
  ackRemark: a.ackRemark,
});

const joined = (q: Queryable) =>
  q
    .select({
      a: getTableColumns(alarms),
      customerId: accounts.customerId,
      customerName: customers.customerName,
    })
    .from(alarms)
    .leftJoin(accounts, eq(accounts.meterId, alarms.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId));

export async function readAlarms(q: Queryable, req: AlarmReadRequest, user: SessionUser) {
  const term = req.searchTerm?.trim();
  const where = allOf([
    term ? sql`(${contains(alarms.meterId, term)} or ${contains(customers.customerName, term)})` : undefined,
    ...stationScope(alarms.stationId, user, req.stationId),
    contains(alarms.meterId, req.meterId),
    equals(alarms.kind, req.kind),
    equals(alarms.acknowledged, req.acknowledged),
    req.raisedDateRange?.[0] ? gte(alarms.raisedDate, parseDateTime(req.raisedDateRange[0])) : undefined,
    req.raisedDateRange?.[1] ? lte(alarms.raisedDate, parseDateTime(req.raisedDateRange[1])) : undefined,
  ]);
  const { limit, offset } = pageOf(req);
  const [count] = await q
    .select({ total: sql<number>`count(*)::int` })
    .from(alarms)
    .leftJoin(accounts, eq(accounts.meterId, alarms.meterId))
    .leftJoin(customers, eq(customers.customerId, accounts.customerId))
    .where(where);
  const rows = await joined(q)
    .where(where)
    .orderBy(...orderOf(spec, req.orderBy))
    .limit(limit)
    .offset(offset);
  return { total: Number(count?.total ?? 0), data: rows.map(toRow) };
}

/** Acknowledges alarms (all or nothing); a later abnormal reading opens a new alarm. */
export async function acknowledgeAlarms(
  q: Db,
  ctx: UserContext,
  body: AlarmAcknowledgeRequest[],
  now: Date,
): Promise<AlarmRow[]> {
  const ids = body.map((b) => b.id);
  if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
  return q.transaction(async (tx) => {
    const out: AlarmRow[] = [];
    for (const b of body) {
      const [before] = await joined(tx).where(eq(alarms.id, b.id)).for('update', { of: alarms });
      if (!before || (!ctx.user.isSystemAdmin && before.a.stationId !== ctx.user.stationId)) {
        throw refuse(`Alarm ${b.id} not found`);
      }
      if (before.a.acknowledged) throw refuse(`Alarm ${b.id} is already acknowledged`);
      await tx
        .update(alarms)
        .set({ acknowledged: true, ackId: ctx.user.userId, ackDate: now, ackRemark: b.remark ?? null })
        .where(and(eq(alarms.id, b.id), eq(alarms.acknowledged, false)));
      const [after] = await joined(tx).where(eq(alarms.id, b.id));
      const view = toRow(after ?? before);
      await writeAudit(tx, ctx.actor, {
        title: 'Alarm',
        action: 'Acknowledge',
        before: toRow(before),
        after: view,
      });
      out.push(view);
    }
    return out;
  });
}

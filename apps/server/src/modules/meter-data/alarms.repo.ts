import type { AlarmReadRequest, AlarmRow } from '@prepay/contracts';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, alarms, customers } from '../../db/schema.js';
import { countWithMeterCustomer, joinMeterCustomer } from '../../kernel/meter-customer.js';
import {
  allOf,
  commonConditions,
  contains,
  dateTimeRange,
  equals,
  pageRows,
  type ReadSpec,
  sortableBy,
} from '../../kernel/read-query.js';
import { dayToWire } from '../../kernel/units.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

const spec: ReadSpec = {
  sortable: sortableBy(alarms, [
    'id',
    'meterId',
    'kind',
    'stationId',
    'raisedDate',
    'acknowledged',
    'ackDate',
  ]),
  defaultOrder: [desc(alarms.id)],
  // What the search box matches: the meter and the customer's name.
  search: [alarms.meterId, customers.customerName],
  station: alarms.stationId,
};

type Joined = { a: typeof alarms.$inferSelect; customerId: string | null; customerName: string | null };

export const toAlarmRow = ({ a, customerId, customerName }: Joined): AlarmRow => ({
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
  joinMeterCustomer(
    q
      .select({
        a: getTableColumns(alarms),
        customerId: accounts.customerId,
        customerName: customers.customerName,
      })
      .from(alarms)
      .$dynamic(),
    alarms.meterId,
  );

export async function readAlarms(q: Queryable, req: AlarmReadRequest, user: SessionUser) {
  const where = allOf([
    ...commonConditions(spec, req, user),
    contains(alarms.meterId, req.meterId),
    equals(alarms.kind, req.kind),
    equals(alarms.acknowledged, req.acknowledged),
    ...dateTimeRange(alarms.raisedDate, req.raisedDateRange),
  ]);
  const total = await countWithMeterCustomer(q, alarms, alarms.meterId, where);
  const rows = await pageRows(joined(q), where, spec, req);
  return { total, data: rows.map(toAlarmRow) };
}

/** An alarm with its customer, locked for the acknowledging transaction. */
export async function lockAlarm(tx: Queryable, id: number) {
  const [row] = await joined(tx).where(eq(alarms.id, id)).for('update', { of: alarms });
  return row;
}

/** Marks one open alarm acknowledged and answers it as the wire shows it (null: it was gone). */
export async function markAcknowledged(
  tx: Queryable,
  id: number,
  ack: { userId: string; now: Date; remark: string | null },
): Promise<AlarmRow | null> {
  await tx
    .update(alarms)
    .set({ acknowledged: true, ackId: ack.userId, ackDate: ack.now, ackRemark: ack.remark })
    .where(and(eq(alarms.id, id), eq(alarms.acknowledged, false)));
  const [after] = await joined(tx).where(eq(alarms.id, id));
  return after ? toAlarmRow(after) : null;
}

import type { FirmwareTaskReadRequest } from '@prepay/contracts';
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, firmwareFiles, firmwareTasks, meters } from '../../db/schema.js';
import { countWithMeterCustomer, joinMeterCustomer } from '../../kernel/meter-customer.js';
import {
  allOf,
  commonConditions,
  contains,
  equals,
  pageRows,
  type ReadSpec,
  sortableBy,
} from '../../kernel/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

export type FirmwareFile = typeof firmwareFiles.$inferSelect;
export type FirmwareTask = typeof firmwareTasks.$inferSelect;
export type TaskJoined = { f: FirmwareTask; customerId: string | null; customerName: string | null };

export async function fileNamed(q: Queryable, fileName: string): Promise<FirmwareFile | undefined> {
  const [row] = await q.select().from(firmwareFiles).where(eq(firmwareFiles.fileName, fileName));
  return row;
}

/** Stores an image; false when a file of that name is already there (nothing is replaced). */
export async function insertFile(q: Queryable, file: typeof firmwareFiles.$inferInsert): Promise<boolean> {
  const rows = await q
    .insert(firmwareFiles)
    .values(file)
    .onConflictDoNothing()
    .returning({ n: firmwareFiles.fileName });
  return rows.length === 1;
}

export async function meterStation(q: Queryable, meterId: string): Promise<string | undefined> {
  const [row] = await q
    .select({ stationId: meters.stationId })
    .from(meters)
    .where(eq(meters.meterId, meterId));
  return row?.stationId;
}

export async function insertTask(q: Queryable, task: typeof firmwareTasks.$inferInsert): Promise<number> {
  const [row] = await q.insert(firmwareTasks).values(task).returning({ id: firmwareTasks.id });
  if (!row) throw new Error('the firmware task was not stored');
  return row.id;
}

export async function updateTask(q: Queryable, id: number, set: Partial<typeof firmwareTasks.$inferInsert>) {
  await q.update(firmwareTasks).set(set).where(eq(firmwareTasks.id, id));
}

/** The oldest standby tasks (status 0), at most `limit`. */
export async function standbyTasks(q: Queryable, limit: number) {
  return q
    .select({ id: firmwareTasks.id, meterId: firmwareTasks.meterId })
    .from(firmwareTasks)
    .where(eq(firmwareTasks.status, 0))
    .orderBy(asc(firmwareTasks.id))
    .limit(limit);
}

/** Takes a standby task for this process (running, 3): false when another process took it first. */
export async function claimTask(q: Queryable, id: number, updateDate: Date): Promise<boolean> {
  const taken = await q
    .update(firmwareTasks)
    .set({ status: 3, updateDate })
    .where(and(eq(firmwareTasks.id, id), eq(firmwareTasks.status, 0)))
    .returning({ id: firmwareTasks.id });
  return taken.length > 0;
}

const spec: ReadSpec = {
  sortable: sortableBy(firmwareTasks, ['id', 'meterId', 'fileName', 'status', 'stationId', 'createDate']),
  defaultOrder: [desc(firmwareTasks.id)],
  search: [firmwareTasks.meterId, firmwareTasks.fileName, customers.customerName],
  createDate: firmwareTasks.createDate,
  updateDate: firmwareTasks.updateDate,
  station: firmwareTasks.stationId,
};

const joined = (q: Queryable) =>
  joinMeterCustomer(
    q
      .select({
        f: getTableColumns(firmwareTasks),
        customerId: accounts.customerId,
        customerName: customers.customerName,
      })
      .from(firmwareTasks)
      .$dynamic(),
    firmwareTasks.meterId,
  );

export async function taskById(q: Queryable, id: number): Promise<TaskJoined | undefined> {
  const [row] = await joined(q).where(eq(firmwareTasks.id, id));
  return row;
}

export async function readTasks(q: Queryable, req: FirmwareTaskReadRequest, user: SessionUser) {
  const where = allOf([
    ...commonConditions(spec, req, user),
    contains(firmwareTasks.meterId, req.meterId),
    contains(firmwareTasks.fileName, req.fileName),
    contains(firmwareTasks.remark, req.remark),
    contains(accounts.customerId, req.customerId),
    contains(customers.customerName, req.customerName),
    equals(firmwareTasks.status, req.status),
  ]);
  const total = await countWithMeterCustomer(q, firmwareTasks, firmwareTasks.meterId, where);
  const rows = await pageRows(joined(q), where, spec, req);
  return { total, rows };
}

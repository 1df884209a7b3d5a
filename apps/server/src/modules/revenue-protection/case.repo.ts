import { CASE_OUTCOMES, CASE_STATUSES, type CaseReadRequest, type CaseRow } from '@prepay/contracts';
import { and, desc, eq, getTableColumns, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  accounts,
  customers,
  meters,
  revprotCasePhotos,
  revprotCases,
  stations,
  users,
} from '../../db/schema.js';
import { minorToNumber } from '../../kernel/money.js';
import { auditedSpec, equals, orderOf, pageOf, readWhere } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type StoredCase = typeof revprotCases.$inferSelect;

export const caseSpec = auditedSpec(revprotCases, {
  sortable: [
    'caseId',
    'status',
    'outcome',
    'inspectedDate',
    'closedDate',
    ['recoveredAmount', revprotCases.recoveredMinor],
    ['customerName', customers.customerName],
  ],
  defaultOrder: [desc(revprotCases.caseId)],
  search: [revprotCases.meterId, revprotCases.customerId, customers.customerName, revprotCases.reason],
  station: revprotCases.stationId,
  filters: { contains: ['meterId', 'customerId', 'assignedTo'] },
});

type Joined = { c: StoredCase; customerName: string | null; transformerId: string | null; photoIds: unknown };

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

const toCaseRow = ({ c, customerName, transformerId, photoIds }: Joined): CaseRow => ({
  caseId: c.caseId,
  meterId: c.meterId,
  customerId: c.customerId,
  customerName,
  transformerId,
  source: c.source,
  reason: c.reason,
  status: CASE_STATUSES[c.status] ?? 'open',
  assignedTo: c.assignedTo,
  findings: c.findings,
  outcome: c.outcome === null ? null : (CASE_OUTCOMES[c.outcome] ?? null),
  inspectedDate: formatDateTime(c.inspectedDate),
  recoveredAmount: minorToNumber(c.recoveredMinor),
  closedDate: formatDateTime(c.closedDate),
  photoIds: ids(photoIds),
  stationId: c.stationId,
  remark: c.remark,
  ...auditStamps(c),
});

const select = (q: Queryable) =>
  q
    .select({
      c: getTableColumns(revprotCases),
      customerName: customers.customerName,
      transformerId: meters.transformerId,
      photoIds: sql<unknown>`coalesce((select json_agg(p.photo_id order by p.photo_id) from revprot_case_photos p
        where p.case_id = ${revprotCases.caseId}), '[]'::json)`,
    })
    .from(revprotCases)
    .leftJoin(customers, eq(customers.customerId, revprotCases.customerId))
    .leftJoin(meters, eq(meters.meterId, revprotCases.meterId));

function caseWhere(req: CaseReadRequest, user: SessionUser): SQL | undefined {
  return readWhere(caseSpec, req, user, [
    equals(revprotCases.caseId, req.caseId),
    req.status ? eq(revprotCases.status, CASE_STATUSES.indexOf(req.status)) : undefined,
    req.outcome ? eq(revprotCases.outcome, CASE_OUTCOMES.indexOf(req.outcome)) : undefined,
    equals(revprotCases.source, req.source),
    req.openOnly ? ne(revprotCases.status, CASE_STATUSES.indexOf('closed')) : undefined,
  ]);
}

export async function readCases(q: Queryable, req: CaseReadRequest, user: SessionUser) {
  const where = caseWhere(req, user);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(revprotCases)
    .leftJoin(customers, eq(customers.customerId, revprotCases.customerId))
    .where(where);
  const { limit, offset } = pageOf(req);
  const rows = await select(q)
    .where(where)
    .orderBy(...orderOf(caseSpec, req.orderBy))
    .limit(limit)
    .offset(offset);
  return { total: Number(count?.n ?? 0), data: rows.map(toCaseRow) };
}

export async function loadCases(q: Queryable, caseIds: number[]): Promise<CaseRow[]> {
  if (!caseIds.length) return [];
  const rows = await select(q).where(inArray(revprotCases.caseId, caseIds));
  return caseIds.flatMap((id) => rows.filter((r) => r.c.caseId === id).map(toCaseRow));
}

/** The stored cases, locked against a concurrent step. */
export const storedCases = (q: Queryable, caseIds: number[]) =>
  q.select().from(revprotCases).where(inArray(revprotCases.caseId, caseIds)).for('update');

/** Each named meter's station and the customer of the account that binds it (none when unbound). */
export const meterOwners = (q: Queryable, meterIds: string[]) =>
  q
    .select({ meterId: meters.meterId, stationId: meters.stationId, customerId: accounts.customerId })
    .from(meters)
    .leftJoin(accounts, eq(accounts.meterId, meters.meterId))
    .where(inArray(meters.meterId, meterIds));

/** Each named user's station, and whether that station is the head office (its users serve every station). */
export const userStations = (q: Queryable, userIds: string[]) =>
  q
    .select({ userId: users.userId, stationId: users.stationId, everyStation: stations.isSystem })
    .from(users)
    .innerJoin(stations, eq(stations.stationId, users.stationId))
    .where(inArray(users.userId, userIds));

/** Meters with a case still open: a second case on them would split the same inspection. */
export const openCaseMeters = async (q: Queryable, meterIds: string[]) =>
  (
    await q
      .select({ meterId: revprotCases.meterId })
      .from(revprotCases)
      .where(
        and(
          inArray(revprotCases.meterId, meterIds),
          ne(revprotCases.status, CASE_STATUSES.indexOf('closed')),
          isNull(revprotCases.closedDate),
        ),
      )
  ).map((r) => r.meterId);

export async function insertCases(q: Queryable, rows: (typeof revprotCases.$inferInsert)[]) {
  const made = await q.insert(revprotCases).values(rows).returning({ caseId: revprotCases.caseId });
  return made.map((r) => r.caseId);
}

export async function updateCase(
  q: Queryable,
  caseId: number,
  values: Partial<typeof revprotCases.$inferInsert>,
) {
  await q.update(revprotCases).set(values).where(eq(revprotCases.caseId, caseId));
}

export async function insertPhoto(q: Queryable, caseId: number, png: Buffer, at: Date) {
  const [row] = await q
    .insert(revprotCasePhotos)
    .values({ caseId, png, createDate: at })
    .returning({ photoId: revprotCasePhotos.photoId });
  return row?.photoId;
}

/** A photo with the station of its case, so the reader's station can be checked. */
export async function photoOf(q: Queryable, photoId: number) {
  const [row] = await q
    .select({ png: revprotCasePhotos.png, stationId: revprotCases.stationId })
    .from(revprotCasePhotos)
    .innerJoin(revprotCases, eq(revprotCases.caseId, revprotCasePhotos.caseId))
    .where(eq(revprotCasePhotos.photoId, photoId));
  return row;
}

import type { DlmsReadRequest, DlmsRow, Dlt645TreeNode } from '@prepay/contracts';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { dlmsItems } from '../../db/schema.js';
import type { Actor } from '../../kernel/audit.js';
import { auditedTable, deleteAudited } from '../../kernel/audited-write.js';
import { groupTree, wireTexts } from '../../kernel/catalogue-texts.js';
import { auditedSpec, contains, readTable, readWhere } from '../../kernel/read-query.js';
import { auditStamps } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type DlmsItem = typeof dlmsItems.$inferSelect;
export interface DlmsKey {
  version: string;
  type: number;
  obis: string;
}

export const itemKey = (k: DlmsKey) => `${k.version}/${k.type}/${k.obis}`;

export const dlmsSpec = auditedSpec(dlmsItems, {
  sortable: ['dlmsId', 'classId', 'obis'],
  defaultOrder: [asc(dlmsItems.version), asc(dlmsItems.type), asc(dlmsItems.dlmsId)],
  search: [dlmsItems.obis, dlmsItems.version, dlmsItems.format, dlmsItems.remark],
  filters: { contains: ['obis'], equals: ['version', 'type'] },
});

export function toDlmsRow(i: DlmsItem): DlmsRow {
  return {
    dlmsId: i.dlmsId,
    version: i.version,
    type: i.type,
    classId: i.classId,
    obis: i.obis,
    attributeMethod: i.attributeMethod,
    entry: i.entry,
    format: i.format,
    analysisFormat: i.analysisFormat,
    ...wireTexts(i),
    remark: i.remark,
    ...auditStamps(i),
  } as DlmsRow;
}

export async function loadItems(q: Queryable, keys: DlmsKey[]): Promise<DlmsItem[]> {
  if (!keys.length) return [];
  const conds = keys.map(
    (k) =>
      and(eq(dlmsItems.version, k.version), eq(dlmsItems.type, k.type), eq(dlmsItems.obis, k.obis)) as SQL,
  );
  return q
    .select()
    .from(dlmsItems)
    .where(or(...conds));
}

/** One catalogue row by its id, as a GPRS task names it. */
export async function itemById(q: Queryable, dlmsId: number): Promise<DlmsItem | undefined> {
  const [row] = await q.select().from(dlmsItems).where(eq(dlmsItems.dlmsId, dlmsId));
  return row;
}

export function readDlms(q: Queryable, req: DlmsReadRequest, user: SessionUser) {
  const term = req.searchTerm?.trim();
  // The search also looks in the names of every language (a JSON column), so it is done here.
  const where = readWhere({ ...dlmsSpec, search: [] }, { ...req, searchTerm: null }, user, [
    term
      ? or(
          ...dlmsSpec.search.map((c) => contains(c, term)),
          sql`${dlmsItems.names}::text ilike ${`%${term}%`}`,
        )
      : undefined,
  ]);
  return readTable(q, dlmsItems, where, dlmsSpec, req, toDlmsRow);
}

/** Items of one version and family grouped by their type label; an item's id is its catalogue id. */
export async function readTree(
  q: Queryable,
  req: { lang: string; version: string; type: number },
): Promise<Dlt645TreeNode[]> {
  const rows = await q
    .select()
    .from(dlmsItems)
    .where(and(eq(dlmsItems.version, req.version), eq(dlmsItems.type, req.type)))
    .orderBy(asc(dlmsItems.dlmsId));
  return groupTree(rows, req.lang, (r) => String(r.dlmsId));
}

/** The catalogue versions there are: a meter whose protocol version is one of them speaks DLMS. */
export async function dlmsVersions(q: Queryable): Promise<string[]> {
  const rows = await q.selectDistinct({ version: dlmsItems.version }).from(dlmsItems);
  return rows.map((r) => r.version);
}

/** Writes answer (and audit) the catalogue rows as the read shows them. */
export const dlmsTable = auditedTable(
  dlmsItems,
  'DLMS',
  async (q: Queryable, keys: DlmsKey[]) => (await loadItems(q, keys)).map(toDlmsRow),
  itemKey,
);

export const storedItem = (dlmsId: number) => eq(dlmsItems.dlmsId, dlmsId);

export const deleteItems = (q: Queryable, actor: Actor, items: DlmsItem[]) =>
  deleteAudited(
    q,
    actor,
    'DLMS',
    dlmsItems.dlmsId,
    items.map((b) => b.dlmsId),
    items.map(toDlmsRow),
  );

import type { DlmsRow } from '@prepay/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { dlmsItems } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { catalogueDelete, catalogueGrid, catalogueLoad, catalogueTree } from '../../kernel/catalogue-read.js';
import { wireCommon } from '../../kernel/catalogue-texts.js';
import { auditedSpec } from '../../kernel/read-query.js';

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
    ...wireCommon(i),
  } as DlmsRow;
}

export const loadItems = catalogueLoad(dlmsItems, dlmsItems.obis, (k: DlmsKey) => k.obis);

/** One catalogue row by its id, as a GPRS task names it. */
export async function itemById(q: Queryable, dlmsId: number): Promise<DlmsItem | undefined> {
  const [row] = await q.select().from(dlmsItems).where(eq(dlmsItems.dlmsId, dlmsId));
  return row;
}

export const readDlms = catalogueGrid(dlmsItems, dlmsSpec, toDlmsRow);

/** Items of one version and family grouped by their type label; an item's id is its catalogue id. */
export const readTree = catalogueTree(dlmsItems, dlmsItems.dlmsId, (r) => String(r.dlmsId));

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

/** The stored row a write replaces. */
const storedItem = (old: DlmsItem) => eq(dlmsItems.dlmsId, old.dlmsId);

const deleteItems = catalogueDelete('DLMS', dlmsItems.dlmsId, (i: DlmsItem) => i.dlmsId, toDlmsRow);

/**
 * How the catalogue's rows are loaded, matched, stored, shown and removed: the storage half of its
 * catalogue definition (the service adds who may write and what a write stores).
 */
export const dlmsStorage = {
  load: loadItems,
  keyOf: itemKey,
  stored: storedItem,
  toRow: toDlmsRow,
  remove: deleteItems,
};

import type { Dlt645Row } from '@prepay/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { dlt645Items, type LangTexts } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { catalogueDelete, catalogueGrid, catalogueLoad, catalogueTree } from '../../kernel/catalogue-read.js';
import { wireCommon } from '../../kernel/catalogue-texts.js';
import { auditedSpec } from '../../kernel/read-query.js';

export type Dlt645Item = typeof dlt645Items.$inferSelect;
export type { LangTexts };
export interface Dlt645Key {
  version: string;
  type: number;
  flag: string;
}

export const itemKey = (k: Dlt645Key) => `${k.version}/${k.type}/${k.flag.toUpperCase()}`;

export const dlt645Spec = auditedSpec(dlt645Items, {
  sortable: ['dlt645Id', 'control'],
  defaultOrder: [asc(dlt645Items.version), asc(dlt645Items.type), asc(dlt645Items.dlt645Id)],
  search: [dlt645Items.flag, dlt645Items.version, dlt645Items.di, dlt645Items.remark],
  filters: { contains: ['flag'], equals: ['version', 'type'] },
});

/** The wire row: the password is a secret, so only whether one is set shows. */
export function toDlt645Row(i: Dlt645Item): Dlt645Row {
  return {
    dlt645Id: i.dlt645Id,
    version: i.version,
    type: i.type,
    control: i.control,
    flag: i.flag,
    di: i.di,
    password: i.password ? '******' : null,
    operator: i.operator,
    data: i.data,
    passwordLevel: i.passwordLevel,
    ...wireCommon(i),
  } as Dlt645Row;
}

export const loadItems = catalogueLoad(dlt645Items, dlt645Items.flag, (k: Dlt645Key) => k.flag.toUpperCase());

export const readDlt645 = catalogueGrid(dlt645Items, dlt645Spec, toDlt645Row);

/** Items of one version and family grouped by their type label: [{id, label, children: items}]. */
export const readTree = catalogueTree(dlt645Items, dlt645Items.dlt645Id, (r) => r.flag);

/** Writes answer (and audit) the catalogue rows as the read shows them. */
export const dlt645Table = auditedTable(
  dlt645Items,
  'DLT645',
  async (q: Queryable, keys: Dlt645Key[]) => (await loadItems(q, keys)).map(toDlt645Row),
  itemKey,
);

/** The stored row a write replaces. */
const storedItem = (old: Dlt645Item) => eq(dlt645Items.dlt645Id, old.dlt645Id);

const deleteItems = catalogueDelete(
  'DLT645',
  dlt645Items.dlt645Id,
  (i: Dlt645Item) => i.dlt645Id,
  toDlt645Row,
);

/**
 * How the catalogue's rows are loaded, matched, stored, shown and removed: the storage half of its
 * catalogue definition (the service adds who may write and what a write stores).
 */
export const dlt645Storage = {
  load: loadItems,
  keyOf: itemKey,
  stored: storedItem,
  toRow: toDlt645Row,
  remove: deleteItems,
};

import type { Dlt645ReadRequest, Dlt645Row, Dlt645TreeNode } from '@prepay/contracts';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { dlt645Items, type LangTexts } from '../../db/schema.js';
import type { Actor } from '../../kernel/audit.js';
import { auditedTable, deleteAudited } from '../../kernel/audited-write.js';
import { groupTree, wireTexts } from '../../kernel/catalogue-texts.js';
import { auditedSpec, contains, readTable, readWhere } from '../../kernel/read-query.js';
import { auditStamps } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type Dlt645Item = typeof dlt645Items.$inferSelect;
export type { LangTexts };
export interface Dlt645Key {
  version: string;
  type: number;
  flag: string;
}

export const itemKey = (k: Dlt645Key) => `${k.version}/${k.type}/${k.flag.toUpperCase()}`;

const nameText = sql`${dlt645Items.names}::text`;
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
    format: i.format,
    analysisFormat: i.analysisFormat,
    passwordLevel: i.passwordLevel,
    ...wireTexts(i),
    remark: i.remark,
    ...auditStamps(i),
  } as Dlt645Row;
}

export async function loadItems(q: Queryable, keys: Dlt645Key[]): Promise<Dlt645Item[]> {
  if (!keys.length) return [];
  const conds: SQL[] = keys.map(
    (k) =>
      and(
        eq(dlt645Items.version, k.version),
        eq(dlt645Items.type, k.type),
        eq(dlt645Items.flag, k.flag.toUpperCase()),
      ) as SQL,
  );
  return q
    .select()
    .from(dlt645Items)
    .where(or(...conds));
}

export function readDlt645(q: Queryable, req: Dlt645ReadRequest, user: SessionUser) {
  const term = req.searchTerm?.trim();
  // The search also looks in the names of every language (a JSON column), so it is done here.
  const where = readWhere({ ...dlt645Spec, search: [] }, { ...req, searchTerm: null }, user, [
    term
      ? or(...dlt645Spec.search.map((c) => contains(c, term)), sql`${nameText} ilike ${`%${term}%`}`)
      : undefined,
  ]);
  return readTable(q, dlt645Items, where, dlt645Spec, req, toDlt645Row);
}

/** Items of one version and family grouped by their type label: [{id, label, children: items}]. */
export async function readTree(
  q: Queryable,
  req: { lang: string; version: string; type: number },
): Promise<Dlt645TreeNode[]> {
  const rows = await q
    .select()
    .from(dlt645Items)
    .where(and(eq(dlt645Items.version, req.version), eq(dlt645Items.type, req.type)))
    .orderBy(asc(dlt645Items.dlt645Id));
  return groupTree(rows, req.lang, (r) => r.flag);
}

/** Writes answer (and audit) the catalogue rows as the read shows them. */
export const dlt645Table = auditedTable(
  dlt645Items,
  'DLT645',
  async (q: Queryable, keys: Dlt645Key[]) => (await loadItems(q, keys)).map(toDlt645Row),
  itemKey,
);

/** The stored row a write replaces. */
export const storedItem = (dlt645Id: number) => eq(dlt645Items.dlt645Id, dlt645Id);

export const deleteItems = (q: Queryable, actor: Actor, items: Dlt645Item[]) =>
  deleteAudited(
    q,
    actor,
    'DLT645',
    dlt645Items.dlt645Id,
    items.map((b) => b.dlt645Id),
    items.map(toDlt645Row),
  );

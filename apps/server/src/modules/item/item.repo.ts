import type { ItemRow } from '@prepay/contracts';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { items } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { auditedSpec, gridPage } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';
import type { CodeNames } from '../../lib/export-labels.js';

export const itemSpec = auditedSpec(items, {
  defaultOrder: [asc(items.itemType), asc(items.itemName)],
  search: [
    items.itemType,
    items.itemName,
    items.en,
    items.zh,
    items.es,
    items.fr,
    items.pt,
    items.ar,
    items.remark,
  ],
  filters: { contains: ['itemType', 'itemName', 'en', 'ar', 'es', 'fr', 'pt', 'zh', 'remark'] },
});

export const toItemRow = (i: typeof items.$inferSelect): ItemRow =>
  auditedRow(i, ['itemType', 'itemName', 'en', 'ar', 'es', 'fr', 'pt', 'zh', 'remark']);

export const itemKey = (k: { itemType: string; itemName: string }) => `${k.itemType}/${k.itemName}`;

export async function loadItems(q: Queryable, keys: { itemType: string; itemName: string }[]) {
  if (!keys.length) return [];
  const conds = keys.map((k) => and(eq(items.itemType, k.itemType), eq(items.itemName, k.itemName)));
  return (
    await q
      .select()
      .from(items)
      .where(or(...conds))
  ).map(toItemRow);
}

export const readItems = gridPage(items, itemSpec, toItemRow);

/** Drop-down entries of one type in one language (en, then the item name, when the language is empty). */
export async function itemList(
  q: Queryable,
  itemType: string | null | undefined,
  lang: string | null | undefined,
) {
  const rows = await q
    .select()
    .from(items)
    .where(itemType ? eq(items.itemType, itemType) : undefined)
    .orderBy(asc(items.itemType), asc(items.itemName));
  const l = (lang ?? 'en').toLowerCase().slice(0, 2) as 'en' | 'ar' | 'es' | 'fr' | 'pt' | 'zh';
  return rows.map((r) => ({ id: r.itemName, name: (r[l] ?? r.en ?? r.itemName) || r.itemName }));
}

/**
 * One item type as a coded column's dictionary: the item name is the code, its names are those of
 * every stored language (empty ones left out).
 */
export async function itemCodeNames(q: Queryable, itemType: string): Promise<CodeNames> {
  const rows = await q.select().from(items).where(eq(items.itemType, itemType)).orderBy(asc(items.itemName));
  const langs = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;
  return Object.fromEntries(
    rows.map((r) => [r.itemName, Object.fromEntries(langs.flatMap((l) => (r[l] ? [[l, r[l]]] : [])))]),
  );
}

/** Where item writes go, and how they are answered and audited. */
export const itemTable = auditedTable(items, 'Item', loadItems, (i) => itemKey(i).toLowerCase());

type ItemKey = { itemType: string; itemName: string };

/** The stored row a write replaces. */
export const storedItem = (k: ItemKey) => and(eq(items.itemType, k.itemType), eq(items.itemName, k.itemName));

export async function deleteItem(q: Queryable, k: ItemKey) {
  await q.delete(items).where(storedItem(k));
}

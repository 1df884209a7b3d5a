import type { ItemListRequest, ItemRequest, ItemRow } from '@prepay/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { items } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { auditDeleted } from '../../kernel/audit.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertAllStored, checkEach, checkTarget, keep } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { itemKey, itemList, loadItems, readItems } from './item.repo.js';

const LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

/** The dictionary is shared by every station, so only system administrators change it. */
const ADMIN_ONLY = 'Only a system administrator changes the item dictionary';

/** Where this service's writes go, and how they are answered and audited. */
const audited = auditedTable(items, 'Item', loadItems, (i) => itemKey(i).toLowerCase());

const write = batchWriter({
  target: audited,
  allowed: (user) => assertSystemAdmin(user, ADMIN_ONLY),
  keyOf: (r: ItemRequest) => itemKey(r),
  keysOf: (rows) => rows,
  plan: async (tx, { rows, action, labels }) => {
    const before = new Map((await loadItems(tx, rows)).map((i) => [itemKey(i).toLowerCase(), i]));
    checkEach(
      rows,
      labels,
      (r) => `item ${itemKey(r)}`,
      (r, problem) => checkTarget(action, before.get(itemKey(r).toLowerCase()), problem),
    );
    const saves = rows.map((r) => {
      const old = before.get(itemKey(r).toLowerCase());
      const texts = Object.fromEntries(LANGS.map((l) => [l, keep(r[l], old?.[l] ?? null) ?? null]));
      return {
        stored: old && and(eq(items.itemType, old.itemType), eq(items.itemName, old.itemName)),
        values: { ...texts, remark: keep(r.remark, old?.remark ?? null) ?? null },
        key: { itemType: r.itemType, itemName: r.itemName },
      };
    });
    return { before, saves };
  },
});

async function remove(
  deps: Deps,
  ctx: UserContext,
  keys: { itemType: string; itemName: string }[],
): Promise<ItemRow[]> {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  return deps.database.db.transaction(async (tx) => {
    const before = await loadItems(tx, keys);
    assertAllStored(keys.map(itemKey), before.map(itemKey), 'item');
    for (const b of before) {
      await tx.delete(items).where(and(eq(items.itemType, b.itemType), eq(items.itemName, b.itemName)));
    }
    await auditDeleted(tx, ctx.actor, 'Item', before);
    return before;
  });
}

/** One item type's labels in one language, for drop-downs. */
function list(deps: Deps, req: z.infer<typeof ItemListRequest>) {
  return itemList(deps.database.db, req.itemType, req.lang);
}

export function createItemService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readItems), list, write, remove });
}
export type ItemService = ReturnType<typeof createItemService>;

import type { ItemListRequest, ItemRequest, ItemRow } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { auditDeleted } from '../../kernel/audit.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertAllStored, checkEach, checkTarget, keep } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { deleteItem, itemKey, itemList, itemTable, loadItems, readItems, storedItem } from './item.repo.js';

const LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

/** The dictionary is shared by every station, so only system administrators change it. */
const ADMIN_ONLY = 'Only a system administrator changes the item dictionary';

const write = batchWriter({
  target: itemTable,
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
        stored: old && storedItem(old),
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
      await deleteItem(tx, b);
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

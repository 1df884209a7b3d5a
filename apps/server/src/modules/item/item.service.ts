import type { ItemListRequest, ItemRequest, ItemRow } from '@prepay/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { items } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { auditDeleted, auditEach } from '../audit/audit.js';
import { saveStamped } from '../audit/audited-write.js';
import {
  assertAllStored,
  assertNoDuplicateKeys,
  checkTarget,
  keep,
  type RowLabels,
  RowProblems,
  type WriteAction,
} from '../masterdata/rows.js';
import { itemKey, itemList, loadItems, readItems } from './item.repo.js';

const LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

/** The dictionary is shared by every station, so only system administrators change it. */
function assertSystemAdmin(ctx: UserContext) {
  if (!ctx.user.isSystemAdmin) throw forbidden('Only a system administrator changes the item dictionary');
}

async function write(
  deps: Deps,
  ctx: UserContext,
  rows: ItemRequest[],
  action: WriteAction,
  labels?: RowLabels,
) {
  assertSystemAdmin(ctx);
  assertNoDuplicateKeys(rows.map(itemKey), labels);
  return deps.database.db.transaction(async (tx) => {
    const before = new Map((await loadItems(tx, rows)).map((i) => [itemKey(i).toLowerCase(), i]));
    const problems = new RowProblems();
    rows.forEach((r, i) => {
      const old = before.get(itemKey(r).toLowerCase());
      checkTarget(action, old, (m) => problems.add(labels, i, `item ${itemKey(r)}: ${m}`));
    });
    problems.throwIfAny();
    const stamp = { userId: ctx.user.userId, now: deps.clock.now() };
    for (const r of rows) {
      const old = before.get(itemKey(r).toLowerCase());
      const texts = Object.fromEntries(LANGS.map((l) => [l, keep(r[l], old?.[l] ?? null) ?? null]));
      const values = { ...texts, remark: keep(r.remark, old?.remark ?? null) ?? null };
      const stored = old && and(eq(items.itemType, old.itemType), eq(items.itemName, old.itemName));
      await saveStamped(tx, items, stamp, stored, values, { itemType: r.itemType, itemName: r.itemName });
    }
    const after = await loadItems(tx, rows);
    await auditEach(tx, ctx.actor, { title: 'Item', action }, after, (a) =>
      before.get(itemKey(a).toLowerCase()),
    );
    return after;
  });
}

async function remove(
  deps: Deps,
  ctx: UserContext,
  keys: { itemType: string; itemName: string }[],
): Promise<ItemRow[]> {
  assertSystemAdmin(ctx);
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

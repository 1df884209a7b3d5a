import {
  AUTHENTICATED,
  ItemDeleteRequest,
  ItemListRequest,
  ItemListRow,
  ItemReadRequest,
  ItemRequest,
  ItemRow,
  page,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef, writeRoutes } from '../../http/route.js';
import { itemList, readItems } from './item.repo.js';
import type { ItemService } from './item.service.js';

const tag = 'Item';
const permission = 'Setting.Item' as const;

export function itemRoutes(deps: Deps, items: ItemService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(ItemRow);
  return [
    defineRoute({
      path: '/api/item/read',
      permission,
      tag,
      summary: 'List dictionary entries',
      body: ItemReadRequest,
      result: page(ItemRow),
      handler: (b, ctx) => readItems(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/item/readItemList',
      // Drop-down labels (currency, payment methods, event codes) that many pages show.
      permission: AUTHENTICATED,
      tag,
      summary: 'Entries of one item type in one language, for drop-downs',
      body: ItemListRequest,
      result: z.array(ItemListRow),
      handler: (b) => itemList(db, b.itemType, b.lang),
    }),
    ...writeRoutes({
      base: '/api/item',
      permission: permission,
      tag,
      body: writeBody(ItemRequest),
      result: rows,
      summaries: {
        Create: 'Create dictionary entries (system administrators)',
        Import: 'Import dictionary entries, all or nothing',
        Update: 'Update dictionary entries',
      },
      write: (b, ctx, action) => items.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/item/delete',
      permission,
      tag,
      summary: 'Delete dictionary entries',
      body: writeBody(ItemDeleteRequest),
      result: rows,
      handler: (b, ctx) => items.remove(ctx, b),
    }),
  ];
}

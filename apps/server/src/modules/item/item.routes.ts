import {
  AUTHENTICATED,
  ITEM_PATHS,
  ItemDeleteRequest,
  ItemListRequest,
  ItemListRow,
  ItemReadRequest,
  ItemRequest,
  ItemRow,
} from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { ItemService } from './item.service.js';

export function itemRoutes(items: ItemService): RouteDef[] {
  const list = defineRoute({
    path: ITEM_PATHS.readList,
    // Drop-down labels (currency, payment methods, event codes) that many pages show.
    permission: AUTHENTICATED,
    tag: 'Item',
    summary: 'Entries of one item type in one language, for drop-downs',
    body: ItemListRequest,
    result: z.array(ItemListRow),
    handler: (b) => items.list(b),
  });
  const table = tableRoutes(items, {
    paths: ITEM_PATHS,
    tag: 'Item',
    permission: 'Setting.Item',
    schemas: { row: ItemRow, read: ItemReadRequest, line: ItemRequest, key: ItemDeleteRequest },
    what: 'dictionary entries',
    summaries: {
      Create: 'Create dictionary entries (system administrators)',
    },
  });
  return [...table, list];
}

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

const tag = 'Item';

export function itemRoutes(items: ItemService): RouteDef[] {
  return [
    ...tableRoutes({
      paths: ITEM_PATHS,
      tag,
      permission: 'Setting.Item',
      row: ItemRow,
      read: {
        summary: 'List dictionary entries',
        body: ItemReadRequest,
        handler: (b, ctx) => items.read(b, ctx.user),
      },
      write: {
        line: ItemRequest,
        summaries: {
          Create: 'Create dictionary entries (system administrators)',
          Import: 'Import dictionary entries, all or nothing',
          Update: 'Update dictionary entries',
        },
        handler: (b, ctx, action) => items.write(ctx, b, action),
      },
      remove: {
        key: ItemDeleteRequest,
        summary: 'Delete dictionary entries',
        handler: (b, ctx) => items.remove(ctx, b),
      },
    }),
    defineRoute({
      path: ITEM_PATHS.readList,
      // Drop-down labels (currency, payment methods, event codes) that many pages show.
      permission: AUTHENTICATED,
      tag,
      summary: 'Entries of one item type in one language, for drop-downs',
      body: ItemListRequest,
      result: z.array(ItemListRow),
      handler: (b) => items.list(b),
    }),
  ];
}

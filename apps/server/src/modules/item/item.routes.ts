import { ITEM_API } from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { ItemService } from './item.service.js';

export function itemRoutes(items: ItemService): RouteDef[] {
  const list = defineRoute({
    endpoint: ITEM_API.readList,
    tag: 'Item',
    summary: 'Entries of one item type in one language, for drop-downs',
    handler: (b) => items.list(b),
  });
  const table = tableRoutes(items, {
    endpoints: ITEM_API,
    tag: 'Item',
    what: 'dictionary entries',
    summaries: {
      Create: 'Create dictionary entries (system administrators)',
    },
  });
  return [...table, list];
}

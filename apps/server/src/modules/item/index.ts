import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { itemRoutes } from './item.routes.js';
import { createItemService } from './item.service.js';

export { itemCodeNames, readItems } from './item.repo.js';
export { createItemService, type ItemService } from './item.service.js';

export function itemModule(deps: Deps): ServerModule {
  return { routes: itemRoutes(createItemService(deps)) };
}

import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { dlt645Routes } from './dlt645-item.routes.js';
import { createDlt645Service } from './dlt645-item.service.js';

export { langOf, textIn } from '../../kernel/catalogue-texts.js';
export { FACTORY_AUTH, type Seed, seedDlt645Catalogue } from './catalogue-seed.repo.js';
export type { Dlt645Item } from './dlt645-item.repo.js';
/** The frozen registers a collection reads and the catalogue rows that read them: all of it is public. */
export * from './frozen-items.js';

/** The DL/T 645 data-item catalogue: what a remote task or a collection can read from a meter. */
export function dlt645ItemModule(deps: Deps): ServerModule {
  return { routes: dlt645Routes(createDlt645Service(deps)) };
}

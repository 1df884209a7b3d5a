import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { DLMS_CATALOGUE, seedDlmsCatalogue } from './catalogue-seed.repo.js';
import { dlmsRoutes } from './dlms-item.routes.js';
import { createDlmsService } from './dlms-item.service.js';

export { type DlmsItem, dlmsVersions, itemById } from './dlms-item.repo.js';
export { DLMS_CATALOGUE, seedDlmsCatalogue };

/** The DLMS/COSEM data-item catalogue: what a GPRS task can read, set or invoke on a DLMS meter. */
export function dlmsItemModule(deps: Deps): ServerModule {
  return {
    routes: dlmsRoutes(createDlmsService(deps)),
    // The table came after the first start of existing systems: its seed lands on the next start.
    install: (app: FastifyInstance) => app.addHook('onReady', () => seedDlmsCatalogue(deps.database.db)),
  };
}

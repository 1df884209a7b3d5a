import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { keyCampaignExportRoute } from './key-campaign.export.js';
import { keyCampaignRoutes } from './key-campaign.routes.js';
import { createKeyCampaignService } from './key-campaign.service.js';
import { campaignWorkerOf } from './key-campaign.worker.js';

export { type CampaignWorker, campaignWorkerOf } from './key-campaign.worker.js';

/**
 * Key-change campaigns: select meters, start a campaign that issues each its key-change tokens once, and
 * follow it to acceptance. The campaign's state is in the database; on start the worker resumes it.
 */
export function keyCampaignModule(deps: Deps): ServerModule {
  return {
    routes: [...keyCampaignRoutes(createKeyCampaignService(deps)), keyCampaignExportRoute(deps)],
    install(app) {
      app.addHook('onReady', async () => {
        // A campaign left unfinished by an earlier process continues; its meters' rows say where.
        campaignWorkerOf(deps)
          .wake()
          .catch((err) => app.log.error({ err }, 'key campaign worker stopped'));
      });
      app.addHook('preClose', () => campaignWorkerOf(deps).stop());
    },
  };
}

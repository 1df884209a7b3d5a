import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { campaignDeliveryOf } from './key-campaign.delivery.js';
import { keyCampaignExportRoute } from './key-campaign.export.js';
import { keyCampaignRoutes } from './key-campaign.routes.js';
import { createKeyCampaignService } from './key-campaign.service.js';
import { campaignWorkerOf } from './key-campaign.worker.js';

export { type CampaignDelivery, campaignDeliveryOf } from './key-campaign.delivery.js';
export { type CampaignWorker, campaignWorkerOf } from './key-campaign.worker.js';

/** How often the delivery looks at issued meters: `given`, else KEY_CAMPAIGN_SWEEP_MS, else 5 s. */
const sweepMs = (given?: number) =>
  Math.max(10, given ?? (Number(process.env.KEY_CAMPAIGN_SWEEP_MS) || 5_000));

/**
 * Key-change campaigns: select meters, start a campaign that issues each its key-change tokens once, and
 * follow it to acceptance. The campaign's state is in the database; on start the worker resumes it.
 */
export function keyCampaignModule(deps: Deps, sweepEveryMs?: number): ServerModule {
  return {
    routes: [...keyCampaignRoutes(createKeyCampaignService(deps)), keyCampaignExportRoute(deps)],
    install(app) {
      app.addHook('onReady', async () => {
        // A campaign left unfinished by an earlier process continues; its meters' rows say where.
        campaignWorkerOf(deps)
          .wake()
          .catch((err) => app.log.error({ err }, 'key campaign worker stopped'));
        // Delivery needs the head-end: only a process that reaches meters sends their tokens.
        if (deps.headend) {
          campaignDeliveryOf(deps).start(sweepMs(sweepEveryMs), (err) =>
            app.log.error({ err }, 'key campaign delivery sweep failed'),
          );
        }
      });
      app.addHook('preClose', async () => {
        await campaignDeliveryOf(deps).stop();
        await campaignWorkerOf(deps).stop();
      });
    },
  };
}

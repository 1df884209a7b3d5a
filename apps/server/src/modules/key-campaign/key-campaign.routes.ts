import { KEY_CAMPAIGN_API } from '@prepay/contracts';
import { type RouteDef, routeGroup } from '../../http/route.js';
import type { KeyCampaignService } from './key-campaign.service.js';

const route = routeGroup({ tag: 'Key campaign' });

export function keyCampaignRoutes(service: KeyCampaignService): RouteDef[] {
  return [
    route(KEY_CAMPAIGN_API.preview, 'How many meters a campaign selection takes', (b, ctx) =>
      service.preview(ctx, b),
    ),
    route(KEY_CAMPAIGN_API.create, 'Start a campaign moving the selected meters to a new key', (b, ctx) =>
      service.create(ctx, b),
    ),
    route(KEY_CAMPAIGN_API.progress, 'Campaigns and their meters per state', (_b, ctx) =>
      service.progress(ctx),
    ),
    route(
      KEY_CAMPAIGN_API.meters,
      "A campaign's meters with their key change tokens (print, letter)",
      (b, ctx) => service.meters(ctx, b),
    ),
    route(
      KEY_CAMPAIGN_API.accept,
      'A campaign meter confirmed its key change: make the new key current',
      (b, ctx) => service.accept(ctx, b),
    ),
  ];
}

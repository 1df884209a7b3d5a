import {
  type CampaignExportRequest,
  KEY_CAMPAIGN_API,
  KEY_CAMPAIGN_EXPORT_PATH,
  type RequestOf,
} from '@prepay/contracts';
import { call } from '../../lib/call';
import { downloadFile } from '../../lib/file-request';

export type CampaignSelectionBody = RequestOf<typeof KEY_CAMPAIGN_API.preview>;
export type CampaignCreateBody = RequestOf<typeof KEY_CAMPAIGN_API.create>;
export type CampaignState = NonNullable<RequestOf<typeof KEY_CAMPAIGN_API.meters>['state']>;

/** How many meters a selection takes, within the user's stations. */
export const previewCampaign = (selection: CampaignSelectionBody) =>
  call(KEY_CAMPAIGN_API.preview, selection);

export const createCampaign = (body: CampaignCreateBody) => call(KEY_CAMPAIGN_API.create, body);

/** Every campaign the user may see, with its meters per state. */
export const readCampaigns = () => call(KEY_CAMPAIGN_API.progress, {});

export const readCampaignMeters = (campaignId: number, state?: CampaignState) =>
  call(KEY_CAMPAIGN_API.meters, state ? { campaignId, state } : { campaignId });

/** The meter confirmed its new key (read back by the operator, or a customer's call). */
export const acceptCampaignMeter = (campaignId: number, meterId: string) =>
  call(KEY_CAMPAIGN_API.accept, { campaignId, meterId });

export const exportCampaign = (body: CampaignExportRequest) =>
  downloadFile(KEY_CAMPAIGN_EXPORT_PATH, body, `key-campaign-${body.campaignId}.xlsx`);

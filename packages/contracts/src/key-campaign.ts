import { z } from 'zod';
import { ExportLanguage } from './cash-up.js';
import { Id, sameFields } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { BaseYear, Krn, Sgc, Ti } from './sts-key.js';

/** Which meters a campaign takes: every field given narrows the set; at least one must be given. */
export const CampaignSelection = z
  .object({
    sgc: Sgc.optional(),
    krn: Krn.optional(),
    ti: Ti.optional(),
    baseYear: BaseYear.optional(),
    stationId: Id.optional(),
    meterIds: z.array(Id).min(1).max(100_000).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Choose the meters: give at least one selector',
  });

export const CampaignPreviewResult = z.object({ meters: z.number().int() });

/** A campaign to start: the selection and where it moves those meters. */
export const CampaignCreateRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    selection: CampaignSelection,
    target: z.object({ krn: Krn, baseYear: BaseYear }).strict(),
  })
  .strict();

/** Where a meter of a campaign stands: pending, issued, delivered, accepted as it goes on, or failed. */
export const CampaignMeterState = z.enum(['pending', 'issued', 'delivered', 'accepted', 'failed']);

/** One campaign and how far it has come: its meters in all, then how many stand in each state. */
export const CampaignProgress = z.object({
  campaignId: z.number().int(),
  name: z.string(),
  stationId: z.string().nullable(),
  target: z.object({ krn: z.number().int(), baseYear: z.number().int() }),
  createDate: z.string(),
  total: z.number().int(),
  ...sameFields(CampaignMeterState.options, () => z.number().int()),
});

export const CampaignAcceptRequest = z.object({ campaignId: z.number().int(), meterId: Id }).strict();

export const CampaignMeterRow = z.object({
  campaignId: z.number().int(),
  meterId: z.string(),
  state: z.string(),
  receiptId: z.number().int().nullable(),
  error: z.string().nullable(),
});

/** A campaign's meters for print or a customer letter: each with its key change tokens once issued. */
export const CampaignMetersRequest = z.object({
  campaignId: z.number().int(),
  state: CampaignMeterState.optional(),
});
export const CampaignLetterRow = CampaignMeterRow.extend({ tokens: z.array(z.string()) });

/** Campaigns move a whole fleet's keys: a page and a right of their own, apart from one meter's key change. */
export const KEY_CAMPAIGN_PERMISSION = 'Setting.KeyCampaign' as const;

/** A campaign's meters as a workbook (bytes, not JSON): states, errors and the tokens to print. */
export const KEY_CAMPAIGN_EXPORT_PATH = '/api/keyCampaign/export';
export const CampaignExportRequest = CampaignMetersRequest.extend({
  lang: ExportLanguage.nullish(),
}).strict();
export type CampaignExportRequest = z.infer<typeof CampaignExportRequest>;

/** Key-change campaigns: a selection of meters moved to a new key revision and/or base date. */
export const KEY_CAMPAIGN_API = {
  preview: defineEndpoint({
    path: '/api/keyCampaign/preview',
    request: CampaignSelection,
    result: CampaignPreviewResult,
    permission: KEY_CAMPAIGN_PERMISSION,
  }),
  create: defineEndpoint({
    path: '/api/keyCampaign/create',
    request: CampaignCreateRequest,
    result: CampaignProgress,
    permission: KEY_CAMPAIGN_PERMISSION,
  }),
  progress: defineEndpoint({
    path: '/api/keyCampaign/progress',
    request: z.object({}),
    result: z.array(CampaignProgress),
    permission: KEY_CAMPAIGN_PERMISSION,
  }),
  meters: defineEndpoint({
    path: '/api/keyCampaign/meters',
    request: CampaignMetersRequest,
    result: z.array(CampaignLetterRow),
    permission: KEY_CAMPAIGN_PERMISSION,
  }),
  accept: defineEndpoint({
    path: '/api/keyCampaign/confirm',
    request: CampaignAcceptRequest,
    result: CampaignMeterRow,
    permission: KEY_CAMPAIGN_PERMISSION,
  }),
};

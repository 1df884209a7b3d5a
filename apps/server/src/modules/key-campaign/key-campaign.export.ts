import {
  CampaignExportRequest,
  type ExportLanguage,
  KEY_CAMPAIGN_EXPORT_PATH,
  KEY_CAMPAIGN_PERMISSION,
} from '@prepay/contracts';
import { formatToken } from '@prepay/sts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, type RouteDef } from '../../http/route.js';
import { writeAudit } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import { exportLanguage, headerOf } from '../../lib/export-labels.js';
import { streamExport } from '../../lib/export-stream.js';
import type { UserContext } from '../../lib/user-context.js';
import { campaignMeters, findCampaign } from './key-campaign.repo.js';

type Words = Record<string, string> & { sheet: string; state: string; error: string; token: string };

/** The sheet's own headings and the campaign states as the console names them. */
const WORDS: Record<ExportLanguage, Words> = {
  en: {
    sheet: 'Key change campaign',
    state: 'State',
    error: 'Error',
    token: 'Key change token',
    pending: 'Pending',
    issued: 'Issued',
    delivered: 'Delivered',
    accepted: 'Accepted',
    failed: 'Failed',
  },
  zh: {
    sheet: '换密钥批次',
    state: '状态',
    error: '错误',
    token: '换密钥令牌',
    pending: '待生成',
    issued: '已生成',
    delivered: '已下发',
    accepted: '已确认',
    failed: '失败',
  },
  es: {
    sheet: 'Campaña de cambio de clave',
    state: 'Estado',
    error: 'Error',
    token: 'Token de cambio de clave',
    pending: 'Pendiente',
    issued: 'Emitido',
    delivered: 'Entregado',
    accepted: 'Aceptado',
    failed: 'Fallido',
  },
};

/** A key change is two tokens (four for a 160-bit DKGA04 key): one column each, ready for a letter. */
const TOKEN_COLUMNS = 4;

/**
 * States whose tokens the customer must enter by hand: issued and not delivered by the head-end, or
 * whose delivery failed. A delivered or accepted meter's tokens are not printed again.
 */
const PRINTED = new Set(['issued', 'failed']);

interface MeterLine {
  meterId: string;
  state: string;
  error: string | null;
  tokens: string[] | null;
}

function columns(lang: ExportLanguage) {
  const w = WORDS[lang];
  return [
    { key: 'meterId', header: headerOf(lang, 'meterId'), width: 16 },
    { key: 'state', header: w.state, width: 12 },
    ...Array.from({ length: TOKEN_COLUMNS }, (_, i) => ({
      key: `token${i + 1}`,
      header: `${w.token} ${i + 1}`,
      width: 28,
    })),
    { key: 'error', header: w.error, width: 60 },
  ];
}

function line(lang: ExportLanguage, r: MeterLine): Record<string, unknown> {
  const tokens = PRINTED.has(r.state) ? (r.tokens ?? []) : [];
  return {
    meterId: r.meterId,
    state: WORDS[lang][r.state] ?? r.state,
    ...Object.fromEntries(
      tokens.slice(0, TOKEN_COLUMNS).map((t, i) => [`token${i + 1}`, formatToken(t, ' ')]),
    ),
    error: r.error ?? '',
  };
}

/** The campaign if this user may see it: a station's user sees the campaigns started for that station. */
async function visibleCampaign(deps: Deps, ctx: UserContext, campaignId: number) {
  const c = await findCampaign(deps.database.db, campaignId);
  if (!c || (!ctx.user.isSystemAdmin && c.stationId !== ctx.user.stationId)) {
    throw refuse(`Key campaign ${campaignId} not found`);
  }
  return c;
}

/**
 * A campaign's meters (of one state if asked) as a workbook: each meter's state, its error, and for the
 * meters the head-end did not reach, the key change tokens to print. Vending and decoder keys are not
 * in the rows read here at all. The export is audited before the file ends.
 */
export function keyCampaignExportRoute(deps: Deps): RouteDef {
  return defineFileRoute({
    kind: 'file',
    path: KEY_CAMPAIGN_EXPORT_PATH,
    permission: KEY_CAMPAIGN_PERMISSION,
    tag: 'Key campaign',
    summary: "Export a campaign's meters: state, error and the key change tokens to print (.xlsx)",
    body: CampaignExportRequest,
    handler: async ({ body, request }, ctx, reply) => {
      const lang = exportLanguage(body.lang);
      const c = await visibleCampaign(deps, ctx, body.campaignId);
      const req = { campaignId: c.campaignId, state: body.state };
      let meters = 0;
      return streamExport<MeterLine>(request, reply, {
        title: WORDS[lang].sheet,
        fileName: `key-campaign-${c.campaignId}.xlsx`,
        columns: columns(lang),
        read: async (page, size) => {
          const data = await campaignMeters(deps.database.db, ctx.user, req)
            .limit(size)
            .offset((page - 1) * size);
          meters += data.length;
          return { total: meters, data };
        },
        row: (r) => line(lang, r),
        done: () =>
          writeAudit(deps.database.db, ctx.actor, {
            title: 'Key Change Campaign',
            action: 'Export',
            content: `Campaign ${c.campaignId} (${c.name})${body.state ? ` ${body.state}` : ''}: ${meters} meters`,
          }),
      });
    },
  });
}

import {
  type CampaignCreateRequest,
  CampaignMeterState,
  type CampaignProgress,
  type CampaignSelection,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { keyStoreOf } from '../keystore/index.js';
import { acceptMeter } from './key-campaign.accept.js';
import {
  type CampaignRow,
  campaignMeters,
  countSelected,
  insertCampaign,
  loadCampaigns,
  selectedMeterIds,
  stateCounts,
} from './key-campaign.repo.js';
import { campaignWorkerOf } from './key-campaign.worker.js';

/** A campaign meter's states, as the contract counts them in the progress. */
const STATES = CampaignMeterState.options;

type Progress = z.infer<typeof CampaignProgress>;

function progressOf(c: CampaignRow, counts: { state: string; n: number }[]): Progress {
  const by = (s: string) => counts.filter((r) => r.state === s).reduce((a, r) => a + Number(r.n), 0);
  const states = Object.fromEntries(STATES.map((s) => [s, by(s)])) as Record<(typeof STATES)[number], number>;
  return {
    campaignId: c.campaignId,
    name: c.name,
    stationId: c.stationId,
    target: c.target,
    createDate: c.createDate.toISOString(),
    total: STATES.reduce((a, s) => a + states[s], 0),
    ...states,
  };
}

async function progress(deps: Deps, ctx: UserContext): Promise<Progress[]> {
  const db = deps.database.db;
  const campaigns = await loadCampaigns(db, ctx.user);
  const counts = await stateCounts(
    db,
    campaigns.map((c) => c.campaignId),
  );
  return campaigns.map((c) =>
    progressOf(
      c,
      counts.filter((r) => r.campaignId === c.campaignId),
    ),
  );
}

/** Records the campaign and its meters (all pending) in one transaction; the worker issues from there. */
async function create(deps: Deps, ctx: UserContext, req: z.infer<typeof CampaignCreateRequest>) {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const ids = await selectedMeterIds(tx, req.selection, ctx.user);
    if (ids.length === 0) throw refuse('No meter matches this selection');
    const stationId = ctx.user.isSystemAdmin ? null : ctx.user.stationId;
    const c = await insertCampaign(tx, { ...req, stationId }, { userId: ctx.user.userId, now }, ids);
    await writeAudit(tx, ctx.actor, {
      title: 'Key Change Campaign',
      action: 'Create',
      after: {
        campaignId: c.campaignId,
        name: c.name,
        selection: c.selection,
        target: c.target,
        meters: ids.length,
      },
    });
    return progressOf(c, [{ state: 'pending', n: ids.length }]);
  });
  // Nothing to wait for here: the meters are recorded, and a failed run resumes on the next start.
  campaignWorkerOf(deps)
    .wake()
    .catch(() => undefined);
  return row;
}

/** An operator's word that the meter took its key change (a customer's call, a field visit). */
async function accept(deps: Deps, ctx: UserContext, key: { campaignId: number; meterId: string }) {
  const keyStore = await keyStoreOf(deps);
  return deps.database.db.transaction((tx) =>
    acceptMeter(deps, tx, keyStore, ctx, key, 'an operator confirmed it'),
  );
}

export function createKeyCampaignService(deps: Deps) {
  return {
    preview: async (ctx: UserContext, s: z.infer<typeof CampaignSelection>) => ({
      meters: await countSelected(deps.database.db, s, ctx.user),
    }),
    create: (ctx: UserContext, req: z.infer<typeof CampaignCreateRequest>) => create(deps, ctx, req),
    progress: (ctx: UserContext) => progress(deps, ctx),
    meters: async (ctx: UserContext, req: { campaignId: number; state?: string | undefined }) =>
      (await campaignMeters(deps.database.db, ctx.user, req)).map((r) => ({ ...r, tokens: r.tokens ?? [] })),
    accept: (ctx: UserContext, key: { campaignId: number; meterId: string }) => accept(deps, ctx, key),
  };
}
export type KeyCampaignService = ReturnType<typeof createKeyCampaignService>;

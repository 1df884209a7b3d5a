import type { Deps } from '../../deps.js';
import { drainLoop } from '../../lib/drain-loop.js';
import type { UserContext } from '../../lib/user-context.js';
import { type DbKeyStore, keyStoreOf } from '../keystore/index.js';
import {
  type HeldKey,
  issueKeyChange,
  issueKeyChanges,
  requireVendable,
  setPendingKeyFields,
} from '../vending/index.js';
import {
  type CampaignRow,
  findCampaign,
  lockPending,
  lockPendingMany,
  nextPending,
  setFailedMany,
  setIssuedMany,
  setMeterState,
} from './key-campaign.repo.js';
import { perDeps } from './per-deps.js';

/**
 * Meters issued per transaction: their reads, records and audit rows go as a few multi-row statements, so
 * a 2,000-meter campaign is forty transactions rather than thousands; small enough that a vend to one of
 * them waits for one batch only (the batch holds the meters' token-state locks until it commits), and that
 * a closing app waits for one short batch.
 */
const BATCH = 50;

/**
 * The campaign acts as the user who started it, within the station it was started for (none: every
 * station), so its tokens are recorded and audited as that user's.
 */
export function campaignContext(c: CampaignRow): UserContext {
  return {
    user: {
      sessionId: `key-campaign-${c.campaignId}`,
      userId: c.createId,
      roleId: '',
      roleName: '',
      roleContent: [],
      stationId: c.stationId ?? '',
      isSystemAdmin: c.stationId === null,
      mustChangePassword: false,
    },
    actor: { userId: c.createId, stationId: c.stationId, ipAddress: null },
  };
}

/**
 * The key a meter holds, moved to the campaign's target revision and base date, with the KEN of the target
 * vending key's expiry (`kens`, by "sgc/krn"): the meter then refuses tokens past the new key's life.
 */
const nextOf = (c: CampaignRow, kens: Map<string, number>) => (held: HeldKey) => ({
  sgc: held.sgc,
  krn: c.target.krn,
  ken: kens.get(`${held.sgc}/${c.target.krn}`) ?? held.ken,
  ti: Number(held.ti),
  kt: held.kt,
  baseYear: c.target.baseYear,
});

/**
 * Issues one campaign meter's key-change tokens: the lock on its pending row, the meter's new key fields,
 * the tokens' record and the move to `issued` commit together, so a meter is issued at most once per
 * campaign even when two processes work the same campaign or one dies mid-way.
 */
async function issueOne(deps: Deps, store: DbKeyStore, key: { campaignId: number; meterId: string }) {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockPending(tx, key.campaignId, key.meterId);
    const c = row && (await findCampaign(tx, key.campaignId));
    if (!c) return;
    const ctx = campaignContext(c);
    const v = await requireVendable(tx, ctx, key.meterId);
    const m = v.meter;
    const keys = store.on(tx);
    // The key the meter holds now (its stored decoder key's identity) moves to the target revision/base date.
    const held = await keys.decoderKeyInfo(m.meterId);
    const next = nextOf(c, await keys.vendingKeyKens())({ ...held, ti: Number(held.ti) });
    const now = deps.clock.now();
    await setPendingKeyFields(tx, m.meterId, {
      sgcNew: next.sgc,
      krnNew: next.krn,
      kenNew: next.ken,
      tiNew: next.ti,
      ktNew: next.kt,
      baseYearNew: next.baseYear,
      updateId: c.createId,
      updateDate: now,
    });
    const remark = `Key campaign ${c.campaignId}`;
    const record = await issueKeyChange(deps, tx, keys, ctx, { v, next, remark });
    await setMeterState(tx, key, { state: 'issued', receiptId: record.receiptId, updateDate: now });
  });
}

/**
 * Issues a batch of one campaign's meters in one transaction: their pending rows locked, each meter's new
 * key fields, tokens (made under the key it holds), record and audit row, and the move to `issued` (or to
 * `failed` with the reason a meter cannot have a key change) commit together or not at all, so a process
 * killed between any two statements leaves the batch pending, and a meter is issued at most once.
 */
async function issueBatch(deps: Deps, store: DbKeyStore, campaignId: number, meterIds: string[]) {
  await deps.database.db.transaction(async (tx) => {
    const rows = await lockPendingMany(tx, campaignId, meterIds);
    const c = rows.length > 0 ? await findCampaign(tx, campaignId) : undefined;
    if (!c) return;
    const keys = store.on(tx);
    const { issued, failed } = await issueKeyChanges(deps, tx, keys, campaignContext(c), {
      meterIds: rows.map((r) => r.meterId),
      nextOf: nextOf(c, await keys.vendingKeyKens()),
      remark: `Key campaign ${c.campaignId}`,
    });
    const now = deps.clock.now();
    await setIssuedMany(tx, campaignId, issued, now);
    await setFailedMany(tx, campaignId, failed, now);
  });
}

/** A batch that could not be written together (a database error) goes meter by meter: each its own verdict. */
async function issueBatchOrEach(deps: Deps, store: DbKeyStore, campaignId: number, meterIds: string[]) {
  try {
    await issueBatch(deps, store, campaignId, meterIds);
  } catch {
    for (const meterId of meterIds) await issueOrFail(deps, store, { campaignId, meterId });
  }
}

/** A meter that cannot be issued (refused, no key for the new revision) is marked failed with the reason. */
async function issueOrFail(deps: Deps, store: DbKeyStore, key: { campaignId: number; meterId: string }) {
  try {
    await issueOne(deps, store, key);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await deps.database.db.transaction(async (tx) => {
      if (!(await lockPending(tx, key.campaignId, key.meterId))) return;
      await setMeterState(tx, key, { state: 'failed', error, updateDate: deps.clock.now() });
    });
  }
}

export interface CampaignWorker {
  /** Starts (or continues) issuing every pending meter; answers when none is left. */
  wake(): Promise<void>;
  /** Lets the meter being issued finish and issues no more (the app is closing). */
  stop(): Promise<void>;
}

function createCampaignWorker(deps: Deps): CampaignWorker {
  return drainLoop(async (stopped) => {
    const store = await keyStoreOf(deps);
    for (;;) {
      const batch = await nextPending(deps.database.db, BATCH);
      if (batch.length === 0 || stopped()) break;
      const byCampaign = new Map<number, string[]>();
      for (const k of batch)
        byCampaign.set(k.campaignId, [...(byCampaign.get(k.campaignId) ?? []), k.meterId]);
      for (const [campaignId, meterIds] of byCampaign) {
        if (stopped()) break;
        await issueBatchOrEach(deps, store, campaignId, meterIds);
        // PGlite answers within microtasks: without a turn of the event loop between batches, a campaign
        // would hold off every request, timer and close until its last meter.
        await new Promise((r) => setImmediate(r));
      }
    }
  });
}

/** The one worker per app (deps): state lives in the database, so a new process resumes where one stopped. */
export const campaignWorkerOf: (deps: Deps) => CampaignWorker = perDeps(createCampaignWorker);

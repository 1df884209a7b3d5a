import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit, writeAudits } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { DbKeyStore } from '../keystore/index.js';
import {
  findMeter,
  findMeters,
  installKeyChange,
  installKeyChanges,
  lockKeyChangeRecord,
  lockKeyChangeRecords,
} from '../vending/index.js';
import {
  lockCampaignMeter,
  lockCampaignMeters,
  setAcceptedMany,
  setMeterState,
} from './key-campaign.repo.js';

/**
 * The meter confirmed its key change (its answer to the last key change token, or an operator's word):
 * in the caller's transaction the new key becomes current and the campaign counts the meter accepted.
 * `ctx` may only accept meters of its own station; `basis` says what showed it, for the audit.
 */
export async function acceptMeter(
  deps: Deps,
  tx: Tx,
  store: DbKeyStore,
  ctx: UserContext,
  key: { campaignId: number; meterId: string },
  basis: string,
) {
  const row = await lockCampaignMeter(tx, key.campaignId, key.meterId);
  const { campaignId, meterId } = key;
  const m = row && (await findMeter(tx, meterId));
  if (!m) throw refuse(`Meter ${meterId} is not in key campaign ${campaignId}`);
  if (!ctx.user.isSystemAdmin && m.stationId !== ctx.user.stationId) {
    throw refuse(`Meter ${meterId} belongs to another station`);
  }
  const open = row.state === 'issued' || row.state === 'delivered';
  const r = open ? await lockKeyChangeRecord(tx, row.receiptId ?? -1) : undefined;
  if (!r || r.confirmed) throw refuse(`Meter ${meterId} has no key change tokens to accept`);
  await installKeyChange(deps, tx, store.on(tx), ctx, { r, m, k: r.keyChange as never });
  const after = await setMeterState(tx, key, {
    state: 'accepted',
    error: null,
    updateDate: deps.clock.now(),
  });
  await writeAudit(tx, ctx.actor, { title: 'Key Change Campaign', action: 'Confirm', content: basis, after });
  return { ...key, state: 'accepted', receiptId: row.receiptId, error: null };
}

/**
 * `acceptMeter` for a batch of one campaign's meters that confirmed their key change, in the caller's
 * transaction: their rows and records locked, the new keys installed and the meters counted accepted, with
 * the same audit rows, in a handful of statements. Any meter that cannot be accepted so refuses the whole
 * batch (nothing written): the caller then takes the meters one by one, each with its own answer.
 */
export async function acceptMeters(
  deps: Deps,
  tx: Tx,
  store: DbKeyStore,
  ctx: UserContext,
  req: { campaignId: number; meterIds: string[]; basis: string },
) {
  const { campaignId } = req;
  const rows = await lockCampaignMeters(tx, campaignId, req.meterIds);
  const open = rows.filter((r) => r.state === 'issued' || r.state === 'delivered');
  const ms = await findMeters(
    tx,
    open.map((r) => r.meterId),
  );
  const records = new Map(
    (
      await lockKeyChangeRecords(
        tx,
        open.map((r) => r.receiptId ?? -1),
      )
    ).map((r) => [r.receiptId, r]),
  );
  const list = req.meterIds.map((meterId) => {
    const row = open.find((r) => r.meterId === meterId);
    const r = row && records.get(row.receiptId ?? -1);
    const m = ms.get(meterId);
    if (!m || !r || r.confirmed || r.meterId !== meterId)
      throw refuse(`Meter ${meterId} cannot be accepted in a batch`);
    if (!ctx.user.isSystemAdmin && m.stationId !== ctx.user.stationId) {
      throw refuse(`Meter ${meterId} belongs to another station`);
    }
    return { r, m, k: r.keyChange as never };
  });
  await installKeyChanges(deps, tx, store.on(tx), ctx, list);
  const after = await setAcceptedMany(tx, campaignId, req.meterIds, deps.clock.now());
  await writeAudits(
    tx,
    ctx.actor,
    after
      .sort((a, b) => a.meterId.localeCompare(b.meterId))
      .map((a) => ({ title: 'Key Change Campaign', action: 'Confirm', content: req.basis, after: a })),
  );
}

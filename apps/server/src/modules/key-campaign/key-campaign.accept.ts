import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { DbKeyStore } from '../keystore/index.js';
import { findMeter, installKeyChange, lockKeyChangeRecord } from '../vending/index.js';
import { lockCampaignMeter, setMeterState } from './key-campaign.repo.js';

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

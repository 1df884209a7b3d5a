import type { Deps } from '../../deps.js';
import { type ChannelAdviceKind, insertAdvice } from './channel-console.repo.js';
import { ChannelError } from './ppu.errors.js';
import { adviceSale, type ChannelCall, type PrepaidUtilityService, reprintSale } from './ppu.service.js';
import { findMessage, findPurchase, type SaleRef } from './vendor.repo.js';

/** What the purchase's state was before an advice: a second confirmation or reversal is a repeat. */
const REPEATED_WHEN: Partial<Record<ChannelAdviceKind, string>> = {
  confirmation: 'confirmed',
  reversal: 'reversed',
};

/**
 * Runs one advice (or retry, or reprint) and writes what came of it into the purchase's history: accepted,
 * repeated (an advice sent again until final, a retry of a purchase already answered) or refused with the
 * interface's reason. The refusal's own transaction rolled back, so its line is written on its own. Both
 * channels use it: the REST one through `withAdviceLog`, XMLVend around its confirmation and reversal.
 */
export async function logged<T>(
  deps: Deps,
  call: ChannelCall,
  target: { messageId: string | null; kind: ChannelAdviceKind; adviceId: string | null },
  run: () => Promise<T>,
): Promise<T> {
  const { db } = deps.database;
  const before = target.messageId ? await findMessage(db, call.vendor.vendorId, target.messageId) : undefined;
  const write = (outcome: 'accepted' | 'repeated' | 'refused', reason: string | null) =>
    before?.kind === 'purchase' && target.messageId
      ? insertAdvice(db, {
          vendorId: call.vendor.vendorId,
          messageId: target.messageId,
          adviceKind: target.kind,
          adviceId: target.adviceId,
          outcome,
          reason,
          now: deps.clock.now(),
        })
      : Promise.resolve();
  try {
    const answer = await run();
    const repeated = target.kind === 'retry' || before?.state === REPEATED_WHEN[target.kind];
    await write(repeated ? 'repeated' : 'accepted', null);
    return answer;
  } catch (err) {
    if (err instanceof ChannelError) await write('refused', `${err.errorType}: ${err.errorMessage}`);
    throw err;
  }
}

/** The id of the sale a reference names (over any channel), which its history is kept under. */
const saleId = async (deps: Deps, c: ChannelCall, ref: SaleRef) =>
  (await findPurchase(deps.database.db, c.vendor.vendorId, ref))?.messageId ?? ref.messageId;

/** The channel with every confirmation, reversal, retry and reprint of a purchase kept in its history. */
export function withAdviceLog(deps: Deps, channel: PrepaidUtilityService): PrepaidUtilityService {
  return {
    ...channel,
    confirm: async (c, id, adviceId, a) =>
      logged(
        deps,
        c,
        { messageId: await saleId(deps, c, adviceSale(id, a)), kind: 'confirmation', adviceId },
        () => channel.confirm(c, id, adviceId, a),
      ),
    reverse: async (c, id, adviceId, a) =>
      logged(
        deps,
        c,
        { messageId: await saleId(deps, c, adviceSale(id, a)), kind: 'reversal', adviceId },
        () => channel.reverse(c, id, adviceId, a),
      ),
    retry: (c, id, r) =>
      logged(deps, c, { messageId: id, kind: 'retry', adviceId: null }, () => channel.retry(c, id, r)),
    reprint: async (c, id, r) => {
      const original = (await reprintSale(deps.database.db, c.vendor.vendorId, r))?.messageId;
      return logged(deps, c, { messageId: original ?? null, kind: 'reprint', adviceId: id }, () =>
        channel.reprint(c, id, r),
      );
    },
  };
}

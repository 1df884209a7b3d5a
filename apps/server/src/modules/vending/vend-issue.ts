import { allocateTid, CREDIT_SUBCLASS } from '@prepay/sts';
import type { Deps } from '../../deps.js';
import { refuse } from '../../lib/domain-errors.js';
import { keyStoreOf } from '../keystore/index.js';
import type { VendInputs } from './credit-vend.repo.js';
import { stsRefusal, type Vendable } from './vending-guards.js';

/** Credit subclass by meter type: electricity 0, water 1, gas 2. */
export function subclassOf(meterType: number): number {
  return meterType === 1
    ? CREDIT_SUBCLASS.water
    : meterType === 2
      ? CREDIT_SUBCLASS.gas
      : CREDIT_SUBCLASS.electricity;
}

/**
 * The token for a priced vend: the meter's next TID, encoded by the key store with the stored key (whose
 * sealed form the write expects to find unchanged).
 */
export async function issueCredit(deps: Deps, v: Vendable, inputs: VendInputs, units: number, now: Date) {
  const meterId = v.meter.meterId;
  const key = inputs.key;
  if (!key) throw refuse(`Meter ${meterId} has no decoder key: set its STS keys first`);
  const subclass = subclassOf(v.meter.type);
  const lastTid = inputs.lastTid ?? undefined;
  try {
    const tid = allocateTid({ at: now, baseYear: key.baseYear, lastTid, ken: v.meter.ken ?? undefined });
    const keyStore = await keyStoreOf(deps);
    const token = await keyStore.encodeStoredToken(meterId, key, {
      kind: 'credit',
      tid,
      subclass,
      amountUnits: units,
    });
    return { tid, token, subclass, keyEnc: key.keyEnc };
  } catch (err) {
    throw stsRefusal(err);
  }
}

import type { Queryable } from '../../db/client.js';
import { present } from '../../lib/domain-errors.js';
import { effectiveTariff } from '../tariff/index.js';
import { type ContextInputs, completeInputs } from './credit-vend.repo.js';
import { billingPeriodStart } from './pricing.js';
import { loadVendContext } from './vending.repo.js';
import type { Vendable } from './vending-guards.js';

/**
 * What the vend prices with: the inputs its vend context read (`known`, else read again now, as a retry
 * behind the meter's lock must), with the period's usage read only if pricing on these terms needs it (a
 * stepped tariff, a monthly charge).
 */
export async function vendInputs(
  q: Queryable,
  sellerId: string,
  v: Vendable,
  now: Date,
  known?: ContextInputs,
) {
  const meterId = v.meter.meterId;
  const read = known ?? present(await loadVendContext(q, meterId, sellerId), 'the vend context');
  const terms = effectiveTariff(v.tariff, now);
  const needsPeriod = terms.steps.length > 0 || terms.monthlyChargeMinor > 0;
  const period = needsPeriod ? { meterId, since: billingPeriodStart(now, terms.billingDay) } : null;
  return { terms, inputs: await completeInputs(q, read, period) };
}

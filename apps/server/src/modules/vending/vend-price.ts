import type { CreditTokenRequest } from '@prepay/contracts';
import { decodeAmount, encodeAmount, MAX_AMOUNT_UNITS } from '@prepay/sts';
import type { z } from 'zod';
import { minorToString, toMinor, toTenths } from '../../kernel/money.js';
import { refuse, refuseWith } from '../../lib/domain-errors.js';
import type { EffectiveTariff } from '../tariff/index.js';
import type { VendInputs } from './credit-vend.repo.js';
import {
  capUnits,
  type PriceBreakdown,
  PricingError,
  type PricingInput,
  price,
  type Shortfall,
  type TariffStep,
} from './pricing.js';

type Request = z.infer<typeof CreditTokenRequest>;

/** Stored steps (0.1 kWh units, minor units per kWh, open end) as the pricing ladder. */
export function ladderOf(terms: EffectiveTariff): TariffStep[] {
  const OPEN = 2 ** 45;
  const steps = terms.steps.length
    ? [...terms.steps].sort((a, b) => a.start - b.start)
    : [{ start: 0, end: null, price: terms.priceMinor }];
  return steps.map((s) => ({ startUnits: s.start, endUnits: s.end ?? OPEN, price4: s.price * 100 }));
}

/** The largest count of units ≤ `units` that a credit token carries exactly (the field rounds up). */
export function representableAtMost(units: number): number {
  const field = encodeAmount(units);
  return decodeAmount(field) === units ? units : decodeAmount(field - 1);
}

/** The vend priced on these terms, from what was paid (capped to what a token carries) or the units asked. */
function breakdown(req: Request, input: PricingInput): PriceBreakdown {
  try {
    if (!req.isVendByTotalPaid) return price(input, { byTotalPaid: false, units: toTenths(req.amount) });
    const b = price(input, { byTotalPaid: true, amountMinor: toMinor(req.amount) });
    // Some counts of units a token carries only in steps: never more than paid for.
    return capUnits(input, b, representableAtMost(Math.min(b.units, MAX_AMOUNT_UNITS)));
  } catch (err) {
    if (err instanceof PricingError && err.shortfall) throw shortfallRefusal(req.amount, err.shortfall);
    if (err instanceof PricingError) throw refuse(err.message);
    throw err;
  }
}

/**
 * A payment that buys nothing once the monthly charge and the debt share are taken: the reason names each
 * with its amount and the least payment that vends; the figures ride along for the console's own words.
 */
function shortfallRefusal(asked: string | number, s: Shortfall) {
  const m = minorToString;
  const first = [
    ...(s.monthlyChargeMinor > 0 ? [`the monthly charge ${m(s.monthlyChargeMinor)}`] : []),
    ...(s.payDebtMinor > 0 ? [`the debt share ${m(s.payDebtMinor)}`] : []),
  ];
  const head = s.coversFirst
    ? `${asked} is too small to buy 0.1 unit${first.length ? ` after ${first.join(' and ')}` : ''}`
    : `${asked} does not cover ${first.join(' and ')}`;
  return refuseWith(`${head}: the least amount that vends is ${m(s.leastMinor)}`, {
    key: s.coversFirst ? 'tooSmall' : 'notCovered',
    asked: String(asked),
    monthlyCharge: m(s.monthlyChargeMinor),
    payDebt: m(s.payDebtMinor),
    least: m(s.leastMinor),
  });
}

/**
 * The vend's price on these terms from what the database said (pure: nothing read, nothing written); a
 * refusal the operator can act on when a token cannot carry it or the seller's quota does not cover it.
 */
export function priceVend(req: Request, terms: EffectiveTariff, inputs: VendInputs): PriceBreakdown {
  const b = breakdown(req, {
    steps: ladderOf(terms),
    taxBp: terms.taxBp,
    monthlyChargeMinor: terms.monthlyChargeMinor,
    monthlyChargeDue: !inputs.monthlyPaid,
    consumedUnits: inputs.periodUnits,
    remainingDebtMinor: inputs.debt?.remainingDebtMinor ?? 0,
    payDebtPercent: req.payDebtPercent,
    carriedMinor: inputs.carriedMinor,
  });
  if (!req.isVendByTotalPaid && b.units > MAX_AMOUNT_UNITS) {
    throw refuse(
      `A credit token carries at most ${MAX_AMOUNT_UNITS / 10} units; ${req.amount} is more: vend it as several tokens`,
    );
  }
  if (!req.isVendByTotalPaid && representableAtMost(b.units) !== b.units) {
    throw refuse(
      `A token cannot carry exactly ${req.amount}; the nearest is ${decodeAmount(encodeAmount(b.units)) / 10}`,
    );
  }
  const left = inputs.remainingQuotaUnits;
  if (left !== null && left < b.units) {
    throw refuse(`Quota exceeded: ${b.units / 10} kWh asked, ${left / 10} kWh left`);
  }
  return b;
}

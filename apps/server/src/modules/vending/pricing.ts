/**
 * Credit pricing in integer arithmetic: money in minor units (1/100), energy in 0.1 kWh (or 0.1 m³) units,
 * prices in 1/10000 of the currency per kWh, VAT in basis points. Every rounding favours the customer:
 * energy cost and VAT round down, units never round up past what was paid for.
 */

import { daysInMonth } from '../../lib/dates.js';

export interface TariffStep {
  /** Consumption in the billing period where the step starts and ends, in 0.1 kWh units (end exclusive). */
  startUnits: number;
  endUnits: number;
  /** Price per kWh in 1/10000 of the currency. */
  price4: number;
}

export interface PricingInput {
  steps: TariffStep[];
  /** VAT in basis points (7.5 % = 750). */
  taxBp: number;
  /** Due when no earlier vend of this billing period already paid it. */
  monthlyChargeMinor: number;
  monthlyChargeDue: boolean;
  /** Units already bought in this billing period: where on the step ladder this vend starts. */
  consumedUnits: number;
  remainingDebtMinor: number;
  /** Share of the payment that recovers debt, 0–100. */
  payDebtPercent: number;
  /**
   * The meter's change carried forward from earlier sales, spent first (negative when a cancel took back
   * change that a later sale had already spent: then this sale makes it good first).
   */
  carriedMinor?: number;
}

export type VendRequest = { byTotalPaid: true; amountMinor: number } | { byTotalPaid: false; units: number };

/** What a vend sells and what it is paid for: units in 0.1 kWh, money in integer minor units. */
export const VEND_FIGURES = [
  'units',
  'totalPaidMinor',
  'energyMinor',
  'taxMinor',
  'monthlyChargeMinor',
  'payDebtMinor',
] as const;
export type VendFigures = Record<(typeof VEND_FIGURES)[number], number>;

export interface PriceBreakdown extends VendFigures {
  /** What was paid but buys less than 0.1 kWh: kept on the record so the books balance. */
  remainderMinor: number;
  /** The change carried forward this sale spent, and the change it leaves for the next (its remainder). */
  carriedInMinor: number;
  carriedOutMinor: number;
  /** Units bought in each step, for the receipt. */
  stepUnits: { price4: number; units: number }[];
}

/** Why a payment cannot vend: what must be taken from it first, and the least payment that vends. */
export interface Shortfall {
  monthlyChargeMinor: number;
  payDebtMinor: number;
  leastMinor: number;
  /** Whether the payment covers what is taken first (then it is just too small for 0.1 unit). */
  coversFirst: boolean;
}

export class PricingError extends Error {
  constructor(
    message: string,
    readonly shortfall?: Shortfall,
  ) {
    super(message);
  }
}

/** Energy cost of `units` starting at `consumed` on the ladder, rounded down; null when past the last step. */
export function energyCost(steps: TariffStep[], consumed: number, units: number) {
  let left = BigInt(units);
  let pos = BigInt(consumed);
  let cost1000 = 0n; // minor units × 1000
  const stepUnits: { price4: number; units: number }[] = [];
  for (const s of steps) {
    if (left === 0n) break;
    const end = BigInt(s.endUnits);
    if (pos >= end) continue;
    const from = pos > BigInt(s.startUnits) ? pos : BigInt(s.startUnits);
    const take = end - from < left ? end - from : left;
    if (take <= 0n) continue;
    cost1000 += take * BigInt(s.price4);
    stepUnits.push({ price4: s.price4, units: Number(take) });
    left -= take;
    pos = from + take;
  }
  if (left > 0n) return null;
  return { minor: cost1000 / 1000n, stepUnits };
}

/** The energy's cost for `units` more units at this tariff, refused when its steps end before that. */
function pricedEnergy(input: PricingInput, units: number) {
  const cost = energyCost(input.steps, input.consumedUnits, units);
  if (!cost) throw new PricingError('The tariff has no price for that much energy');
  return cost;
}

const taxOf = (energyMinor: bigint, taxBp: number) => (energyMinor * BigInt(taxBp)) / 10000n;

export function validateSteps(steps: TariffStep[]): void {
  if (steps.length === 0) throw new PricingError('The tariff has no price steps');
  let expect = 0;
  for (const s of steps) {
    if (s.startUnits !== expect)
      throw new PricingError('Tariff steps must start at 0 and follow each other without gaps');
    if (s.endUnits <= s.startUnits) throw new PricingError('A tariff step must end after it starts');
    if (s.price4 < 0) throw new PricingError('A tariff price cannot be negative');
    expect = s.endUnits;
  }
}

/** The largest unit count whose energy plus VAT fits the budget (binary search; both grow with units). */
function unitsFor(input: PricingInput, budgetMinor: bigint): number {
  const fits = (u: number) => {
    const c = energyCost(input.steps, input.consumedUnits, u);
    return c !== null && c.minor + taxOf(c.minor, input.taxBp) <= budgetMinor;
  };
  let lo = 0;
  let hi = 1;
  while (fits(hi)) {
    lo = hi;
    hi *= 2;
    if (hi > 2 ** 40) throw new PricingError('The tariff gives energy for free: refusing an unbounded vend');
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function price(input: PricingInput, request: VendRequest): PriceBreakdown {
  validateSteps(input.steps);
  if (input.payDebtPercent < 0 || input.payDebtPercent > 100)
    throw new PricingError('Debt percent must be 0–100');
  const monthly = BigInt(input.monthlyChargeDue ? input.monthlyChargeMinor : 0);
  const debt = BigInt(Math.max(0, input.remainingDebtMinor));
  const pct = BigInt(input.payDebtPercent);

  if (request.byTotalPaid) return pricedByPaid(input, BigInt(request.amountMinor), { monthly, debt, pct });

  if (!Number.isInteger(request.units) || request.units <= 0)
    throw new PricingError('The units must be at least 0.1');
  if (input.payDebtPercent === 100 && debt > 0n) {
    throw new PricingError('With 100 % to debt no payment buys energy: vend by total paid instead');
  }
  const c = pricedEnergy(input, request.units);
  const tax = taxOf(c.minor, input.taxBp);
  const gross = c.minor + tax + monthly;
  // The debt share is a share of the whole payment: d = gross × p / (100 − p), rounded down.
  const share = pct === 0n || pct === 100n ? 0n : (gross * pct) / (100n - pct);
  const payDebt = debt < share ? debt : share;
  // The carried change pays first; change beyond the whole price stays carried.
  const carried = BigInt(input.carriedMinor ?? 0);
  const due = gross + payDebt - carried;
  return {
    units: request.units,
    totalPaidMinor: Number(due > 0n ? due : 0n),
    energyMinor: Number(c.minor),
    taxMinor: Number(tax),
    monthlyChargeMinor: Number(monthly),
    payDebtMinor: Number(payDebt),
    remainderMinor: 0,
    carriedInMinor: Number(carried),
    carriedOutMinor: Number(due < 0n ? -due : 0n),
    stepUnits: c.stepUnits,
  };
}

interface Takes {
  monthly: bigint;
  debt: bigint;
  pct: bigint;
}

/** The debt share of a cash payment: its percentage, never more than the debt. */
const debtShare = (paid: bigint, t: Takes) =>
  t.debt < (paid * t.pct) / 100n ? t.debt : (paid * t.pct) / 100n;

/** The units a cash payment buys (with the carried change), 0 when what is taken first leaves nothing. */
function unitsForPaid(input: PricingInput, paid: bigint, t: Takes): number {
  const net = paid + BigInt(input.carriedMinor ?? 0) - debtShare(paid, t) - t.monthly;
  return net <= 0n ? 0 : unitsFor(input, net);
}

/** The least cash payment that buys 0.1 unit after the monthly charge and the debt share (search). */
export function leastVendingPayment(input: PricingInput, t: Takes): bigint {
  let hi = 1n;
  while (unitsForPaid(input, hi, t) === 0) {
    hi *= 2n;
    if (hi > 2n ** 50n) throw new PricingError('The tariff has no price for 0.1 unit');
  }
  let lo = hi / 2n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (unitsForPaid(input, mid, t) > 0) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * A cash payment (with the change carried forward) priced: the debt share and the monthly charge first,
 * then the most whole 0.1 units the rest buys, and what is left over carried forward to the next sale.
 */
function pricedByPaid(input: PricingInput, paid: bigint, t: Takes): PriceBreakdown {
  if (paid <= 0n) throw new PricingError('The amount must be greater than zero');
  const payDebt = debtShare(paid, t);
  const carried = BigInt(input.carriedMinor ?? 0);
  const net = paid + carried - payDebt - t.monthly;
  const units = net > 0n ? unitsFor(input, net) : 0;
  if (units === 0) {
    const shortfall = {
      monthlyChargeMinor: Number(t.monthly),
      payDebtMinor: Number(payDebt),
      leastMinor: Number(leastVendingPayment(input, t)),
      coversFirst: net > 0n,
    };
    const why =
      net > 0n ? 'is too small to buy 0.1 unit' : 'does not cover the monthly charge and the debt share';
    throw new PricingError(`The amount ${why}`, shortfall);
  }
  const c = pricedEnergy(input, units);
  const tax = taxOf(c.minor, input.taxBp);
  const left = Number(net - c.minor - tax);
  return {
    units,
    totalPaidMinor: Number(paid),
    energyMinor: Number(c.minor),
    taxMinor: Number(tax),
    monthlyChargeMinor: Number(t.monthly),
    payDebtMinor: Number(payDebt),
    remainderMinor: left,
    carriedInMinor: Number(carried),
    carriedOutMinor: left,
    stepUnits: c.stepUnits,
  };
}

/** Start of the billing period containing `now`: the latest billing day at 00:00 (days past 28 clamp to month end). */
export function billingPeriodStart(now: Date, billingDay: number): Date {
  const dayIn = (y: number, m: number) => Math.min(Math.max(1, billingDay), daysInMonth(y, m));
  const y = now.getFullYear();
  const m = now.getMonth();
  const thisMonth = new Date(y, m, dayIn(y, m));
  if (now >= thisMonth) return thisMonth;
  return new Date(y, m - 1, dayIn(y, m - 1));
}

/**
 * Keeps a by-paid vend within `maxUnits` (the largest amount a token can carry exactly): the energy and
 * VAT are recomputed for fewer units and the difference joins the remainder (carried forward).
 */
export function capUnits(input: PricingInput, b: PriceBreakdown, maxUnits: number): PriceBreakdown {
  if (b.units <= maxUnits) return b;
  const c = pricedEnergy(input, maxUnits);
  const tax = taxOf(c.minor, input.taxBp);
  const net = b.totalPaidMinor + b.carriedInMinor - b.payDebtMinor - b.monthlyChargeMinor;
  const left = net - Number(c.minor + tax);
  return {
    ...b,
    units: maxUnits,
    energyMinor: Number(c.minor),
    taxMinor: Number(tax),
    remainderMinor: left,
    carriedOutMinor: left,
    stepUnits: c.stepUnits,
  };
}

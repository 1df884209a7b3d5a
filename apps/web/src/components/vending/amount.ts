import { MeterType, MONEY_PATTERN } from '@prepay/contracts';
/**
 * Client-side checks of the vending inputs with the spec §5 messages (locale keys under `vending.`).
 * The server validates again; these only spare the operator a round trip.
 */
export type AmountError = 'validNumber' | 'paidDecimals' | 'unitDecimals' | 'positive';

/** Total paid: at most 2 decimals; total unit: at most 1 decimal; both positive. */
export function checkAmount(
  value: string | number | null | undefined,
  byTotalPaid: boolean,
): AmountError | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return 'validNumber';
  const decimals = text.includes('.') ? (text.split('.')[1]?.length ?? 0) : 0;
  if (byTotalPaid && decimals > 2) return 'paidDecimals';
  if (!byTotalPaid && decimals > 1) return 'unitDecimals';
  if (Number(text) <= 0) return 'positive';
  return null;
}

/** Whole numbers within [min, max] (maximum power, phase unbalance, debt percent). */
export function checkInteger(
  value: string | number | null | undefined,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): 'validNumber' | 'integer' | 'range' | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 'validNumber';
  if (!/^-?\d+$/.test(text)) return 'integer';
  const n = Number(text);
  if (n < min || n > max) return 'range';
  return null;
}

/** The contract's bound of a maximum overdraft (MaximumOverdraftRequest). */
export const MAX_OVERDRAFT = 1e9;

/** Maximum overdraft: a money amount (contracts' MONEY_PATTERN) up to the contract's bound. */
export function checkOverdraft(value: string | number | null | undefined): 'validOverdraft' | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!MONEY_PATTERN.test(text) || Number(text) > MAX_OVERDRAFT) return 'validOverdraft';
  return null;
}

// The one money and energy formatter, where the vending pages look for it.
export { energy, money } from '../../lib/format';

/** kWh for electricity meters, m³ for water and gas. */
export const unitOf = (meterType: number | null | undefined) =>
  meterType === MeterType.water || meterType === MeterType.gas ? 'm³' : 'kWh';

/**
 * The token amounts (in 0.1 units) next to `units`: `lower` ≤ units ≤ `upper`, equal when the token
 * carries it exactly; `upper` is null past the largest token. The STS engine's own bands decide it.
 */
export { carriedAmounts as carriedAround } from '@prepay/sts';

/** Units in 0.1 steps from the amount typed (at most 1 decimal, already checked). */
export const tenthsOf = (text: string) => Math.round(Number(text.trim()) * 10);

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

/** Maximum overdraft: a non-negative money amount with at most 2 decimals. */
export function checkOverdraft(value: string | number | null | undefined): 'validOverdraft' | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return 'validOverdraft';
  return null;
}

/** "12345678901234567890" or "1234 5678…" → "1234 5678 9012 3456 7890". */
export function groupsOfFour(token: string | null | undefined): string {
  const digits = (token ?? '').replace(/\s+/g, '');
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A fresh idempotency key; crypto.randomUUID needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Money with 2 places, energy with 1 (the server sends plain numbers). */
export const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));
export const energy = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(1));

/** kWh for electricity meters, m³ for water and gas (meter type 0/1/2). */
export const unitOf = (meterType: number | null | undefined) =>
  meterType === 1 || meterType === 2 ? 'm³' : 'kWh';

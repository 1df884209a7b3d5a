/** Field names whose values are secrets: they never reach a log row, a response or an export. */
const SECRET_FIELD =
  /(password|passwd|secret|hash|decoderkey|vendingkey|privatekey|keyenc|sealed|^key$|^token$|^jwt|^authorization$|^cookie$)/i;

export const REDACTED = '*';

/** A deep copy with every secret value replaced, for audit rows and log lines. */
export function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => redact(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redact(v);
    return out as T;
  }
  return value;
}

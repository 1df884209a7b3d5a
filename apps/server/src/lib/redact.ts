import { MAX_JSON_DEPTH } from './json-depth.js';

/** Field names whose values are secrets: they never reach a log row, a response or an export. */
const SECRET_FIELD =
  /(password|passwd|secret|hash|decoderkey|vendingkey|privatekey|authenticationkey|cipherkey|keyenc|sealed|^key$|^token$|^jwt|^authorization$|^cookie$)/i;

export const REDACTED = '*';
/** What stands in for a value nested deeper than any request may be (its copy would overflow the stack). */
export const TOO_DEEP_VALUE = '[nested too deep]';

/**
 * A deep copy with every secret value replaced, for audit rows and log lines. Values nested deeper than
 * a request may be (MAX_JSON_DEPTH) are cut off: a log line about a hostile value must not fail itself.
 */
export function redact<T>(value: T, depth = 0): T {
  if (depth > MAX_JSON_DEPTH && value && typeof value === 'object') return TOO_DEEP_VALUE as T;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_FIELD.test(k) ? REDACTED : redact(v, depth + 1);
    return out as T;
  }
  return value;
}

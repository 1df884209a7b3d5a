/**
 * A fresh idempotency key for a vend: the server answers a repeat of the same key with the first
 * answer instead of vending twice. crypto.randomUUID needs a secure context (a console served over
 * plain HTTP on the LAN has none), so fall back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

import { describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('is fresh and long enough for the server (8–100 chars)', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a.length).toBeLessThanOrEqual(100);
  });
  it('falls back to 32 hex digits where randomUUID is missing (plain HTTP on the LAN)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createCredentialCache } from './credential-cache.js';
import type { VendorRecord } from './vendor.repo.js';

const vendor = (vendorId: string) => ({ vendorId }) as VendorRecord;

function liveCache() {
  let now = 0;
  const cache = createCredentialCache(() => now);
  cache.setLive(true);
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('the credential cache', () => {
  it('serves only the secret it verified', () => {
    const { cache } = liveCache();
    cache.put(vendor('V1'), 'right secret', cache.mark());
    expect(cache.get('V1', 'right secret')?.vendorId).toBe('V1');
    expect(cache.get('V1', 'right secre')).toBeUndefined();
    expect(cache.get('V1', '')).toBeUndefined();
    expect(cache.get('V2', 'right secret')).toBeUndefined();
  });

  it('verifies again after five minutes', () => {
    const { cache, advance } = liveCache();
    cache.put(vendor('V1'), 's', cache.mark());
    advance(5 * 60_000 - 1);
    expect(cache.get('V1', 's')).toBeDefined();
    advance(1);
    expect(cache.get('V1', 's')).toBeUndefined();
    expect(cache.has('V1')).toBe(false);
  });

  it('keeps nothing while deaf, nor a read that a notice overtook; a notice drops its vendor or all', () => {
    const cache = createCredentialCache();
    cache.put(vendor('V1'), 's', cache.mark());
    expect(cache.has('V1')).toBe(false);
    cache.setLive(true);
    const mark = cache.mark();
    cache.drop('V9');
    cache.put(vendor('V1'), 's', mark);
    expect(cache.has('V1')).toBe(false);
    cache.put(vendor('V1'), 's', cache.mark());
    cache.put(vendor('V2'), 's', cache.mark());
    cache.drop('V1');
    expect([cache.has('V1'), cache.has('V2')]).toEqual([false, true]);
    cache.drop('*');
    expect(cache.has('V2')).toBe(false);
    cache.put(vendor('V3'), 's', cache.mark());
    cache.setLive(false);
    expect(cache.has('V3')).toBe(false);
  });

  it('is bounded: past 10,000 vendors the oldest goes first', () => {
    const { cache } = liveCache();
    for (let i = 0; i <= 10_000; i++) cache.put(vendor(`V${i}`), 's', cache.mark());
    expect(cache.has('V0')).toBe(false);
    expect(cache.has('V1')).toBe(true);
    expect(cache.has('V10000')).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createKeepingStyleCache } from './style-cache';

type Entry = [number, unknown] | null;

/** What antd's useGlobalCache does with an entry: build it, count a mount, drop a mount. */
function mountAndUnmount(
  cache: ReturnType<typeof createKeepingStyleCache>,
  key: string,
  make: () => unknown,
) {
  const removed = vi.fn();
  cache.opUpdate(key, (prev: Entry) => [prev?.[0] ?? 0, prev?.[1] ?? make()]);
  cache.opUpdate(key, (prev: Entry) => (prev ? [prev[0] + 1, prev[1]] : null));
  cache.opUpdate(key, (prev: Entry) => {
    const [times = 0, value] = prev ?? [];
    if (times - 1 === 0) {
      removed(value);
      return null;
    }
    return [times - 1, value];
  });
  return removed;
}

describe('the keeping style cache', () => {
  it('keeps a component’s generated styles after its last instance unmounts, and reuses them', () => {
    const cache = createKeepingStyleCache();
    const make = vi.fn(() => '.ant-table{…}');
    const removed = mountAndUnmount(cache, 'style%hash%Table', make);
    expect(removed).not.toHaveBeenCalled();
    expect(cache.opGet('style%hash%Table')).toEqual([0, '.ant-table{…}']);
    mountAndUnmount(cache, 'style%hash%Table', make);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('drops other entries (the theme token) as antd does', () => {
    const cache = createKeepingStyleCache();
    const removed = mountAndUnmount(cache, 'token%hash', () => ({ colorPrimary: '#1890ff' }));
    expect(removed).toHaveBeenCalledTimes(1);
    expect(cache.opGet('token%hash')).toBeNull();
  });
});

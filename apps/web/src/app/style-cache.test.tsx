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

describe('a style already in the document', () => {
  it('is not looked up again: a component mounted a second time leaves its styles unread', async () => {
    const { render, cleanup } = await import('@testing-library/react');
    const { StyleProvider } = await import('@ant-design/cssinjs');
    const { Button, Checkbox } = await import('antd');
    const cache = createKeepingStyleCache();
    const page = () =>
      render(
        <StyleProvider cache={cache}>
          <Button>Search</Button>
          <Checkbox />
        </StyleProvider>,
      );
    page();
    cleanup();
    // cssinjs injects a style once per batch of commits (until its next microtask): the next page is another.
    await Promise.resolve();
    /** The components' own styles (the theme's CSS variables carry a token mark, and are left as they were). */
    const own = [...document.head.querySelectorAll('style[data-css-hash]:not([data-token-hash])')];
    expect(own.length).toBeGreaterThan(1);
    // cssinjs finds a style by its mark, then reads its whole text to compare it with its own.
    const read = new Set<Element>();
    const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML') as PropertyDescriptor;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      ...innerHTML,
      get(this: Element) {
        read.add(this);
        return innerHTML.get?.call(this);
      },
    });
    try {
      page();
    } finally {
      Object.defineProperty(Element.prototype, 'innerHTML', innerHTML);
    }
    cleanup();
    expect(own.filter((style) => read.has(style))).toEqual([]);
    // Nothing was lost: the same styles, still in the document.
    for (const style of own) expect(style.isConnected).toBe(true);
  });
});

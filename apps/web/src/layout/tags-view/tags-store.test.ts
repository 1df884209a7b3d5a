import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTag, closeAllTags, tagsStore } from './tags-store';

const meter = { path: '/management/meter', fullPath: '/management/meter', title: 'meter', affix: false };

describe('addTag', () => {
  afterEach(() => closeAllTags());

  it('leaves the store (and the stored copy) alone when the tag is there with the same query', () => {
    addTag(meter);
    const listener = vi.fn();
    const unsubscribe = tagsStore.subscribe(listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      addTag({ ...meter });
      expect(listener).not.toHaveBeenCalled();
      expect(setItem).not.toHaveBeenCalled();
      // Another query of the same page is still kept (V2).
      addTag({ ...meter, fullPath: '/management/meter?x=1' });
      expect(listener).toHaveBeenCalledTimes(1);
      expect(tagsStore.get().visited.find((v) => v.path === meter.path)?.fullPath).toBe(
        '/management/meter?x=1',
      );
    } finally {
      unsubscribe();
      setItem.mockRestore();
    }
  });
});

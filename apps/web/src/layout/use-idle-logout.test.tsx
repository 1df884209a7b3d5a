import { renderHook } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdleLogout } from './use-idle-logout';

describe('useIdleLogout', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the shared activity time at most every 5 s, not on every mouse move', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
    const { unmount } = renderHook(() => useIdleLogout(), { wrapper });
    try {
      const writes = () => setItem.mock.calls.filter(([key]) => key === 'lastActivityTime').length;
      expect(writes()).toBe(1);
      for (let i = 0; i < 10; i++) window.dispatchEvent(new MouseEvent('mousemove'));
      window.dispatchEvent(new MouseEvent('click'));
      expect(writes()).toBe(1);
      vi.setSystemTime(1_005_000);
      window.dispatchEvent(new MouseEvent('mousemove'));
      expect(writes()).toBe(2);
      expect(localStorage.getItem('lastActivityTime')).toBe('1005000');
    } finally {
      unmount();
      setItem.mockRestore();
    }
  });
});

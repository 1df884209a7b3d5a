import { act, cleanup, render, screen } from '@testing-library/react';
import { Input, type InputRef } from 'antd';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearchShortcut } from './list-keyboard';

function Search({ keyboard }: { keyboard: boolean }) {
  const ref = useRef<InputRef>(null);
  useSearchShortcut(keyboard, ref);
  return <Input ref={ref} data-testid="search" />;
}

describe('useSearchShortcut', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('focuses the search box once the page has been painted, not in the commit that mounts it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    render(<Search keyboard />);
    const search = screen.getByTestId('search');
    // Focusing in the commit would make the browser lay the new page out before its first paint.
    expect(document.activeElement).not.toBe(search);
    expect(frames).toHaveLength(1);
    act(() => frames[0]?.(performance.now()));
    expect(document.activeElement).not.toBe(search);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(search);
    // Without scrolling: the page is at its top already, and a scroll would ask for the layout again.
    expect(focus).toHaveBeenCalledWith(expect.objectContaining({ preventScroll: true }));
  });

  it('focuses nothing when the page unmounts before its paint, nor on a page that is not keyboard-first', async () => {
    const { unmount } = render(<Search keyboard />);
    unmount();
    render(<Search keyboard={false} />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.activeElement).toBe(document.body);
  });

  it('F2 puts focus back in the search box', async () => {
    render(<Search keyboard />);
    const search = screen.getByTestId('search');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    search.blur();
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2' })));
    expect(document.activeElement).toBe(search);
  });
});

import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WarmGrid } from './warm-grid-slot';

/** An idle queue the test runs by hand. */
function manualIdle() {
  const queue: (() => void)[] = [];
  const idle = (run: () => void) => {
    queue.push(run);
    return () => void queue.splice(queue.indexOf(run), 1);
  };
  return { idle, queue };
}

describe('the grid that warms the first click after a full load', () => {
  it('is drawn out of sight only once the shell is idle, then removed at the next idle moment', async () => {
    // The lazy chunk, loaded ahead so the test waits for the drawing, not for antd's import.
    await import('./warm-grid');
    const { idle, queue } = manualIdle();
    const { container } = render(<WarmGrid idle={idle} />);
    expect(container.querySelector('.ant-table')).toBeNull();
    expect(queue).toHaveLength(1);
    await act(async () => queue.shift()?.());
    // The table's own chunk loads (lazy), then the grid is drawn hidden, with its pager and check boxes.
    await vi.waitFor(() => expect(container.querySelector('.warm-grid .ant-table')).not.toBeNull(), {
      timeout: 10_000,
    });
    const grid = container.querySelector('.warm-grid');
    expect(grid?.getAttribute('aria-hidden')).toBe('true');
    expect(grid?.querySelector('.ant-pagination')).not.toBeNull();
    expect(grid?.querySelector('[data-testid]')).toBeNull();
    await vi.waitFor(() => expect(queue).toHaveLength(1));
    await act(async () => queue.shift()?.());
    expect(container.querySelector('.ant-table')).toBeNull();
    expect(queue).toHaveLength(0);
    // antd's import alone takes seconds on a loaded machine.
  }, 30_000);
});

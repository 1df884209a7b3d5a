import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Menu } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../lib/routes';
import { menuItems, TOOLTIP_DELAY_SECONDS } from './menu-items';

const ROUTES: AppRoute[] = [
  {
    path: '/management',
    title: 'management',
    children: [
      { path: '/management/meter', title: 'meter' },
      { path: '/management/customer', title: 'customer' },
    ],
  },
];

function renderMenu() {
  const items = menuItems(ROUTES, (key) => `label ${key}`);
  return render(
    <MemoryRouter>
      <Menu mode="inline" items={items} openKeys={['/management']} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a sidebar item's tooltip (S7)", () => {
  it('shows the title after two seconds of hover, without replacing the link under the pointer', () => {
    vi.useFakeTimers();
    renderMenu();
    const link = screen.getByRole('link', { name: 'label route.meter' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(link);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_SECONDS * 1000 - 100));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('tooltip').textContent).toContain('label route.meter');
    // The same link element: a click that lands while the tooltip appears is not lost.
    expect(link.isConnected).toBe(true);
    fireEvent.mouseLeave(link);
    expect(screen.queryByRole('tooltip')).toBeNull();
    // antd's first render alone takes seconds on a loaded machine.
  }, 30_000);

  it('builds no tooltip for an item the pointer only passed over', () => {
    vi.useFakeTimers();
    renderMenu();
    const link = screen.getByRole('link', { name: 'label route.customer' });
    fireEvent.mouseEnter(link);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.mouseLeave(link);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_SECONDS * 1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  }, 30_000);
});

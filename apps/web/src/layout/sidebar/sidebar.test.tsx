// First: React looks for the render counter's hook when react-dom loads.
import '../../test/render-count';
import type { UserInfo } from '@prepay/contracts';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layoutRoutes } from '../../app/route-table';
import type { AppRoute } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { renderCount, resetRenderCounts } from '../../test/render-count';
import { Sidebar } from './sidebar';

/** Every page of the route table, as a system admin's role grants them. */
const allNames = (routes: readonly AppRoute[]): string[] =>
  routes.flatMap((r) => [...(r.name ? [r.name] : []), ...allNames(r.children ?? [])]);

const renderSidebar = (at: string, collapsed = false) => {
  const router = createMemoryRouter([{ path: '*', element: <Sidebar collapsed={collapsed} /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return router;
};

const item = (path: string) =>
  document.querySelector(`[data-testid=sidebar] a[href="${path}"]`)?.closest('li');
const selected = () =>
  [...document.querySelectorAll('[data-testid=sidebar] .ant-menu-item-selected a')].map((a) =>
    a.getAttribute('href'),
  );

describe('Sidebar highlight', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.set({
      signedIn: true,
      info: { roleContent: allNames(layoutRoutes).join(',') } as UserInfo,
    });
  });
  afterEach(() => {
    cleanup();
    sessionStore.set({ signedIn: false, info: null });
  });

  it('moves the highlight to the page opened without rendering the menu’s items again', async () => {
    renderSidebar('/management/meter');
    // The sub-menu of the page opens after the first render, and the highlight follows its items in.
    await waitFor(() => expect(selected()).toEqual(['/management/meter']));
    const management = item('/management/meter')?.parentElement?.closest('li.ant-menu-submenu');
    expect(management?.classList.contains('ant-menu-submenu-selected')).toBe(true);

    resetRenderCounts();
    await act(async () => {
      fireEvent.click(item('/management/customer')?.querySelector('a') as HTMLElement);
    });
    expect(selected()).toEqual(['/management/customer']);
    expect(management?.classList.contains('ant-menu-submenu-selected')).toBe(true);
    expect(renderCount('Sidebar')).toBeGreaterThan(0);
    expect(renderCount('LegacyMenuItem')).toBe(0);
    expect(renderCount('MenuLink')).toBe(0);
  });

  it('keeps the highlight on an item the menu draws again, and moves it between sub-menus', async () => {
    const router = renderSidebar('/management/meter');
    await waitFor(() => expect(selected()).toEqual(['/management/meter']));
    // A hover redraws the item with its classes of the moment.
    await act(async () => {
      fireEvent.mouseEnter(item('/management/meter') as HTMLElement);
    });
    expect(item('/management/meter')?.className).toContain('ant-menu-item-active');
    expect(selected()).toEqual(['/management/meter']);

    await act(() => router.navigate('/setting/log'));
    expect(selected()).toEqual(['/setting/log']);
    const subMenus = document.querySelectorAll('[data-testid=sidebar] .ant-menu-submenu-selected');
    expect([...subMenus].map((s) => s.contains(item('/setting/log') as HTMLElement))).toEqual([true]);
  });

  it('takes the selection as the menu’s own while collapsed', async () => {
    renderSidebar('/management/meter', true);
    const subMenus = document.querySelectorAll('[data-testid=sidebar] .ant-menu-submenu-selected');
    expect(subMenus).toHaveLength(1);
  });
});

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsStore } from '../app/settings-store';
import { keptAfter, MAX_KEPT_PAGES, PageCache } from './page-cache';
import { addTag, closeAllTags, closeTag } from './tags-view/tags-store';

/** A page with state of its own: a count only its own button moves. */
function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" data-testid={`count-${name}`} onClick={() => setN(n + 1)}>
      {name} {n}
    </button>
  );
}

const frame = (path: string, page: ReactNode) => <div key={path}>{page}</div>;
const PAGES = ['a', 'b', 'profile'];

/** The shell's cache over three pages, /profile not kept (noCache), each visit adding its tag. */
function shell() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PageCache frame={frame} cacheable={(p) => p !== '/profile'} />,
        children: [
          ...PAGES.map((name) => ({ path: name, element: <Counter name={name} /> })),
          { path: 'redirect/*', element: null },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  const go = async (path: string) => {
    const name = path.slice(1);
    if (PAGES.includes(name)) addTag({ path, fullPath: path, title: name, affix: false });
    await act(() => router.navigate(path));
  };
  addTag({ path: '/a', fullPath: '/a', title: 'a', affix: false });
  render(<RouterProvider router={router} />);
  return { go };
}

const click = (name: string) => fireEvent.click(screen.getByTestId(`count-${name}`));
const count = (name: string) => screen.queryByTestId(`count-${name}`);

afterEach(() => {
  cleanup();
  closeAllTags();
  settingsStore.set((s) => ({ ...s, tagsView: true }));
});

describe("the shell's page cache", () => {
  it('keeps a visited page as left, out of the document while another is shown', async () => {
    const { go } = shell();
    click('a');
    click('a');
    await go('/b');
    expect(count('a')).toBeNull();
    expect(count('b')?.textContent).toBe('b 0');
    await go('/a');
    expect(count('a')?.textContent).toBe('a 2');
    expect(count('b')).toBeNull();
  });

  it('drops a page on Refresh (/redirect), on its tag closing, and never keeps a noCache page', async () => {
    const { go } = shell();
    click('a');
    await go('/redirect/a');
    await go('/a');
    expect(count('a')?.textContent).toBe('a 0');
    await go('/b');
    click('b');
    await go('/profile');
    click('profile');
    await go('/b');
    expect(count('b')?.textContent).toBe('b 1');
    await go('/profile');
    expect(count('profile')?.textContent).toBe('profile 0');
    act(() => closeTag('/b'));
    await go('/b');
    expect(count('b')?.textContent).toBe('b 0');
  });

  it('keeps nothing while the tags view is off', async () => {
    settingsStore.set((s) => ({ ...s, tagsView: false }));
    const { go } = shell();
    click('a');
    await go('/b');
    expect(count('a')).toBeNull();
    await go('/a');
    expect(count('a')?.textContent).toBe('a 0');
  });

  it(`keeps at most ${MAX_KEPT_PAGES} pages, the least recently shown leaving first`, () => {
    const paths = Array.from({ length: MAX_KEPT_PAGES + 2 }, (_, i) => `/p${i}`);
    const kept = new Map(paths.map((p) => [p, null]));
    const next = keptAfter(kept, paths, '/p0', new Set(paths));
    expect(next.drop).toEqual(['/p0', '/p1']);
    expect(next.recency).toEqual(paths.slice(2));
  });
});

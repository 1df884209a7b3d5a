import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
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

/** A page with a dialog of its own, opened by its button and closed by the dialog's Cancel. */
function DialogPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="open-sale" onClick={() => setOpen(true)}>
        sale
      </button>
      {open && (
        <Modal open title="Sale" onCancel={() => setOpen(false)}>
          <span data-testid="sale-form">form</span>
        </Modal>
      )}
    </>
  );
}

/** What the keyboard page saw: its shortcut's keys, and whether it was in the document at each layout. */
const seen = { keys: [] as string[], connected: [] as boolean[] };

/** A page with a keyboard shortcut (a window listener) and a layout effect that measures it. */
function KeysPage() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    seen.connected.push(ref.current?.isConnected ?? false);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => seen.keys.push(e.key);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return <div ref={ref}>keys</div>;
}

const POLL_KEY = ['poll'];
/** A page polling a read, as a task list does while its tasks run. */
function PollPage() {
  const read = useQuery({ queryKey: POLL_KEY, queryFn: () => Promise.resolve(1), refetchInterval: 1000 });
  return <span data-testid="poll">{read.data ?? '…'}</span>;
}

/** What the query page rendered: the query it read each time. */
const queries: string[] = [];
/** A page that reads its query, as a page opened with a record to show does. */
function QueryPage() {
  const { search } = useLocation();
  queries.push(search);
  return <span data-testid="query">{search}</span>;
}

const frame = (path: string, page: ReactNode) => <div key={path}>{page}</div>;
const PAGES: Record<string, ReactNode> = {
  a: <Counter name="a" />,
  b: <Counter name="b" />,
  profile: <Counter name="profile" />,
  dialog: <DialogPage />,
  keys: <KeysPage />,
  poll: <PollPage />,
  query: <QueryPage />,
};

/** The shell's cache over the pages above, /profile not kept (noCache), each visit adding its tag. */
function shell(first = '/a') {
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PageCache frame={frame} cacheable={(p) => p !== '/profile'} />,
        children: [
          ...Object.entries(PAGES).map(([name, element]) => ({ path: name, element })),
          { path: 'redirect/*', element: null },
        ],
      },
    ],
    { initialEntries: [first] },
  );
  const go = async (path: string) => {
    const name = path.slice(1).split('?')[0] as string;
    if (name in PAGES) addTag({ path: `/${name}`, fullPath: path, title: name, affix: false });
    await act(() => router.navigate(path));
  };
  const firstName = first.slice(1).split('?')[0] as string;
  addTag({ path: `/${firstName}`, fullPath: first, title: firstName, affix: false });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { go, client };
}

const click = (name: string) => fireEvent.click(screen.getByTestId(`count-${name}`));
const count = (name: string) => screen.queryByTestId(`count-${name}`);

afterEach(() => {
  cleanup();
  seen.keys = [];
  seen.connected = [];
  queries.length = 0;
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

  it(`keeps at most ${MAX_KEPT_PAGES} pages, the least recently shown leaving first, never the page shown`, () => {
    const paths = Array.from({ length: MAX_KEPT_PAGES }, (_, i) => `/p${i}`);
    const kept = new Map(paths.map((p) => [p, null]));
    const tags = new Set([...paths, '/new']);
    const next = keptAfter(kept, paths, '/new', tags, true);
    expect(next.drop).toEqual(['/p0']);
    expect(next.recency).toEqual([...paths.slice(1), '/new']);
    const back = keptAfter(kept, paths, '/p0', tags, true);
    expect(back.drop).toEqual([]);
    expect(back.recency).toEqual([...paths.slice(1), '/p0']);
  });

  it('drops a kept page that is no longer kept when shown (one copy of a page, never two)', () => {
    const kept = new Map([['/a', null]]);
    expect(keptAfter(kept, ['/a'], '/a', new Set(['/a']), false)).toEqual({ drop: ['/a'], recency: [] });
  });

  it("takes a hidden page's dialog out of the document and brings it back as left", async () => {
    const { go } = shell('/dialog');
    fireEvent.click(screen.getByTestId('open-sale'));
    expect(screen.getByTestId('sale-form')).toBeTruthy();
    await go('/a');
    expect(screen.queryByTestId('sale-form')).toBeNull();
    expect(document.querySelector('.ant-modal')).toBeNull();
    await go('/dialog');
    expect(screen.getByTestId('sale-form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('sale-form')).toBeNull();
  });

  it("runs a shown page's layout effects in the document; a hidden page's shortcuts do not fire", async () => {
    const { go } = shell('/keys');
    fireEvent.keyDown(window, { key: 'F2' });
    await go('/a');
    fireEvent.keyDown(window, { key: 'F3' });
    await go('/keys');
    fireEvent.keyDown(window, { key: 'F4' });
    expect(seen.keys).toEqual(['F2', 'F4']);
    expect(seen.connected).toEqual([true, true]);
  });

  it('stops a hidden page polling: its read has no observer until the page is shown again', async () => {
    const { go, client } = shell('/poll');
    const observers = () => client.getQueryCache().find({ queryKey: POLL_KEY })?.getObserversCount();
    expect(await screen.findByText('1')).toBeTruthy();
    expect(observers()).toBe(1);
    await go('/a');
    expect(observers()).toBe(0);
    await go('/poll');
    expect(observers()).toBe(1);
  });

  it('renders nothing of a hidden page while the user moves between other pages', async () => {
    const { go } = shell('/query?n=1');
    await go('/a');
    const rendered = queries.length;
    for (const path of ['/b', '/a', '/b?x=1', '/a?y=2']) await go(path);
    // The hidden page reads the location, yet no navigation elsewhere renders it again.
    expect(queries.length).toBe(rendered);
    await go('/query?n=1');
    expect(screen.getByTestId('query').textContent).toBe('?n=1');
  });

  it("gives a kept page its own location, never another page's; its new query reaches it", async () => {
    const { go } = shell('/query?n=1');
    await go('/a');
    await go('/b?x=1');
    await go('/a?y=2');
    await go('/query?n=2');
    expect(screen.getByTestId('query').textContent).toBe('?n=2');
    expect(new Set(queries)).toEqual(new Set(['?n=1', '?n=2']));
  });
});

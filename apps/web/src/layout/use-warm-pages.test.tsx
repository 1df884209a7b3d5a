import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute, LazyPage } from '../lib/routes';
import { menuPages, useWarmPages } from './use-warm-pages';

/** A page chunk that records its loads. */
const page = (name: string, log: string[]) =>
  ({
    load: vi.fn(async () => {
      log.push(name);
      return { default: () => null };
    }),
  }) as unknown as LazyPage;

/** An idle queue the test runs by hand. */
function manualIdle() {
  const queue: (() => void)[] = [];
  const idle = (run: () => void) => {
    queue.push(run);
    return () => queue.splice(queue.indexOf(run), 1);
  };
  const runOne = async () => {
    queue.shift()?.();
    // Let the chunk's promise settle and the next idle request come in.
    await vi.waitFor(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { idle, queue, runOne };
}

function routes(log: string[]): AppRoute[] {
  return [
    { path: '/dashboard', component: page('dashboard', log) },
    {
      path: '/management',
      children: [
        { path: '/management/meter', component: page('meter', log) },
        { path: '/management/secret', hidden: true, component: page('hidden', log) },
      ],
    },
    { path: '/docs', external: true },
    { path: '/setting/user', component: page('user', log) },
  ] as AppRoute[];
}

describe('the menu pages load while the shell is idle', () => {
  it('lists the pages a user can open, in menu order', () => {
    const log: string[] = [];
    expect(menuPages(routes(log))).toHaveLength(3);
  });

  it('loads one page chunk per idle moment, none before the first', async () => {
    const log: string[] = [];
    const { idle, queue, runOne } = manualIdle();
    const table = routes(log);
    renderHook(() => useWarmPages(table, idle));
    expect(log).toEqual([]);
    expect(queue).toHaveLength(1);
    await runOne();
    expect(log).toEqual(['dashboard']);
    await runOne();
    await runOne();
    expect(log).toEqual(['dashboard', 'meter', 'user']);
    expect(queue).toHaveLength(0);
  });

  it('stops when the shell goes (sign-out)', async () => {
    const log: string[] = [];
    const { idle, queue, runOne } = manualIdle();
    const table = routes(log);
    const { unmount } = renderHook(() => useWarmPages(table, idle));
    await runOne();
    unmount();
    expect(queue).toHaveLength(0);
    expect(log).toEqual(['dashboard']);
  });
});

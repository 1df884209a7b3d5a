import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, vi } from 'vitest';
import { ListPage, type ListPageProps } from './list-page';

/**
 * What the ListPage unit tests share: a server that answers every read with the same page of rows and keeps
 * the read bodies, and the grid rendered inside the app's providers.
 */
export interface ListServer<Row> {
  /** The bodies of the reads so far, oldest first. */
  bodies: Record<string, unknown>[];
  rows: Row[];
  total: number;
}

/** Before each test: fetch stubbed with `server`'s page (bodies cleared); after: unmounted and unstubbed. */
export function useListServer<Row>(server: ListServer<Row>) {
  beforeEach(() => {
    server.bodies.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        server.bodies.push(JSON.parse(String(init?.body ?? '{}')));
        const result = { total: server.total, data: server.rows };
        return new Response(JSON.stringify({ code: 0, reason: 'success', message: 'success', result }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders the grid with a fresh query client (no retries), which it returns. */
export function renderListPage<Row extends object>(props: ListPageProps<Row>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ListPage<Row> {...props} />
      </App>
    </QueryClientProvider>,
  );
  return client;
}

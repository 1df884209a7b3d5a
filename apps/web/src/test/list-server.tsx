import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

/** One request the page made: where to, and its body. */
export interface ListRead {
  url: string;
  body: Record<string, unknown>;
}

/**
 * Stubs fetch with a server that answers every request as a list read of `rows` (`total` of them, the
 * rows' count by default). Returns the requests made, oldest first.
 */
export function serveList(rows: readonly object[], total = rows.length): ListRead[] {
  const reads: ListRead[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      reads.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
      const result = { total, data: rows };
      return new Response(JSON.stringify({ code: 0, reason: 'success', message: 'success', result }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return reads;
}

/** After each test of the file: unmounted, and fetch as it was. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders `ui` inside the app's providers: a query client that does not retry, and antd's App. */
export function renderInApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
  return client;
}

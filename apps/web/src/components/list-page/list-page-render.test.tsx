import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page';

// Issue 17: what a list page builds before its first rows, and what it redraws afterwards.

interface Row {
  customerId: string;
  customerName: string;
}

let reads = 0;

function mockFetch() {
  reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      reads++;
      const data: Row[] = [{ customerId: '4700001', customerName: 'Amina' }];
      return new Response(
        JSON.stringify({ code: 0, reason: 'success', message: 'success', result: { total: 1, data } }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
}

function renderGrid(renderName: (v: unknown) => string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ListPage<Row>
          resource="customer-render-test"
          readPath="/api/customer/read"
          rowKey={(r) => r.customerId}
          exportModule="customer"
          columns={[
            { key: 'customerId', title: 'Id', filter: { kind: 'text' }, sort: true },
            { key: 'customerName', title: 'Name', render: renderName },
          ]}
        />
      </App>
    </QueryClientProvider>,
  );
  return client;
}

describe('ListPage rendering', { timeout: 30_000 }, () => {
  beforeEach(mockFetch);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('does not redraw its cells when a re-read brings the same rows', async () => {
    const renderName = vi.fn((v: unknown) => String(v));
    const client = renderGrid(renderName);
    expect(await screen.findByText('Amina', {}, { timeout: 10_000 })).toBeTruthy();
    const drawn = renderName.mock.calls.length;

    // A background re-read: the fetch state flips twice, the rows stay the same.
    await act(() => client.invalidateQueries({ queryKey: ['list', 'customer-render-test'] }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(screen.getByTestId('list-table').closest('[aria-busy]')).toBeTruthy());
    await waitFor(() =>
      expect(screen.getByTestId('list-table').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe(
        'false',
      ),
    );
    expect(renderName.mock.calls.length).toBe(drawn);
  });

  it('builds the export dialog on first use only, then keeps it', async () => {
    renderGrid(String);
    expect(await screen.findByText('Amina', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('export-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('list-export'));
    expect(await screen.findByTestId('export-dialog')).toBeTruthy();
  });

  it('opens a header popover on the icon’s first click, which is when it is built', async () => {
    renderGrid(String);
    expect(await screen.findByText('Amina', {}, { timeout: 10_000 })).toBeTruthy();
    const icon = document.querySelector('thead [data-testid="sort-customerId"]') as HTMLElement;
    expect(screen.queryByTestId('sort-popover-customerId')).toBeNull();
    await act(async () => {
      fireEvent.click(icon);
    });
    expect(await screen.findByTestId('sort-asc-customerId')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sort-desc-customerId'));
    await waitFor(() => expect(reads).toBe(2));
    expect(
      icon.isConnected ? icon : document.querySelector('thead [data-testid="sort-customerId"]'),
    ).toBeTruthy();
    expect(document.querySelector('thead [data-testid="sort-customerId"]')?.getAttribute('data-sort')).toBe(
      'desc',
    );
  });
});

import { CUSTOMER_API, type CustomerRow } from '@prepay/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, type ListRead, renderInApp, serveList } from '../../test/list-server';
import { ListPage } from './list-page';

// What a list page builds before its first rows, and what it redraws afterwards.

let served: ListRead[] = [];
/** How many reads the grid has made. */
const reads = () => served.length;

const renderGrid = (renderName: (v: unknown) => string) =>
  renderInApp(
    <ListPage<CustomerRow>
      resource="customer-render-test"
      read={CUSTOMER_API.read}
      rowKey={(r) => r.customerId}
      exportModule="customer"
      columns={[
        { key: 'customerId', title: 'Id', filter: { kind: 'text' }, sort: true },
        { key: 'customerName', title: 'Name', render: renderName },
      ]}
    />,
  );

describe('ListPage rendering', { timeout: 30_000 }, () => {
  beforeEach(() => {
    served = serveList([{ customerId: '4700001', customerName: 'Amina' }]);
  });
  cleanUpAfterEach();

  it('does not redraw its cells when a re-read brings the same rows', async () => {
    const renderName = vi.fn((v: unknown) => String(v));
    const client = renderGrid(renderName);
    expect(await screen.findByText('Amina', {}, { timeout: 10_000 })).toBeTruthy();
    const drawn = renderName.mock.calls.length;

    // A background re-read: the fetch state flips twice, the rows stay the same.
    await act(() => client.invalidateQueries({ queryKey: ['list', 'customer-render-test'] }));
    await waitFor(() => expect(reads()).toBe(2));
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
    await waitFor(() => expect(reads()).toBe(2));
    expect(
      icon.isConnected ? icon : document.querySelector('thead [data-testid="sort-customerId"]'),
    ).toBeTruthy();
    expect(document.querySelector('thead [data-testid="sort-customerId"]')?.getAttribute('data-sort')).toBe(
      'desc',
    );
  });
});

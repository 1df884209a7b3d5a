import { CUSTOMER_API, type CustomerRow } from '@prepay/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanUpAfterEach, type ListRead, renderInApp, serveList } from '../../test/list-server';
import { ListPage } from './list-page';

interface Row {
  customerId: string;
  customerName: string;
  type: number;
}

const ROWS: Row[] = [{ customerId: '4700001', customerName: 'Amina', type: 0 }];

const renderGrid = () =>
  renderInApp(
    <ListPage<CustomerRow>
      resource="customer-test"
      read={CUSTOMER_API.read}
      rowKey={(r) => r.customerId}
      defaultSort={{ field: 'customerId', direction: 'asc' }}
      extraBody={{ stationId: null }}
      columns={[
        { key: 'customerId', title: 'Id', filter: { kind: 'text' }, sort: true },
        { key: 'customerName', title: 'Name', filter: { kind: 'text' }, sort: true },
        {
          key: 'type',
          title: 'Type',
          filter: { kind: 'select', options: [{ value: 0, label: 'Zero' }] },
        },
      ]}
    />,
  );

/** The read of page 1 with nothing filtered and the default sort. */
const FIRST_READ = {
  stationId: null,
  searchTerm: null,
  pageNumber: 1,
  pageSize: 20,
  orderBy: 'customerId asc',
};
let reads: ListRead[] = [];
const last = () => reads[reads.length - 1]?.body;
/** The header copy (antd repeats titles in a hidden measure row). */
const headerIcon = (id: string) => document.querySelector(`thead [data-testid="${id}"]`) as HTMLElement;

// antd's first render is slow in jsdom on a busy machine.
describe('ListPage request building', { timeout: 30_000 }, () => {
  beforeEach(() => {
    reads = serveList(ROWS, 41);
  });
  cleanUpAfterEach();

  it('reads page 1 of 20 with the default sort, then shows "Total N"', async () => {
    renderGrid();
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    expect(last()).toEqual(FIRST_READ);
    expect(await screen.findByText('Total 41', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('search term, a column filter and the sort popover all reach the read body', async () => {
    renderGrid();
    await waitFor(() => expect(reads.length).toBe(1));

    fireEvent.change(
      screen.getByTestId('list-search-term').querySelector('input') ?? screen.getByTestId('list-search-term'),
      {
        target: { value: '  4700 ' },
      },
    );
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(last()?.searchTerm).toBe('4700'));

    await act(async () => {
      fireEvent.click(headerIcon('filter-customerName'));
    });
    const input =
      (await screen.findByTestId('filter-input-customerName')).closest('input') ??
      (screen.getByTestId('filter-input-customerName').querySelector('input') as HTMLInputElement);
    fireEvent.change(input, { target: { value: 'Amina' } });
    fireEvent.click(screen.getByTestId('filter-apply-customerName'));
    await waitFor(() =>
      expect(last()).toMatchObject({ customerName: 'Amina', searchTerm: '4700', pageNumber: 1 }),
    );
    expect(headerIcon('filter-customerName').getAttribute('data-active')).toBe('true');

    await act(async () => {
      fireEvent.click(headerIcon('sort-customerName'));
    });
    fireEvent.click(await screen.findByTestId('sort-desc-customerName'));
    await waitFor(() => expect(last()?.orderBy).toBe('customerName desc'));

    // Reset nulls the filters and the term, back to the default sort.
    fireEvent.click(screen.getByTestId('list-reset'));
    await waitFor(() => expect(last()).toEqual(FIRST_READ));
    expect(headerIcon('filter-customerName').getAttribute('data-active')).toBe('false');
  });
});

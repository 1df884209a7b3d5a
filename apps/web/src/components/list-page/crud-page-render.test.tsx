import { CUSTOMER_API } from '@prepay/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, renderInApp, serveList } from '../../test/list-server';
import { crudPage, crudTable } from './crud-page';

// A master-data page re-renders around its grid (its dialog opens, its lookups arrive): the grid's
// columns and row actions are built once, so those renders do not redraw the rows.

describe('CrudPage rendering', { timeout: 30_000 }, () => {
  beforeEach(() => {
    serveList([{ customerId: '4700001', customerName: 'Amina' }]);
  });
  cleanUpAfterEach();

  it('does not redraw its cells or rebuild its columns when its dialog opens', async () => {
    const renderName = vi.fn((v: unknown) => String(v));
    const columns = vi.fn(() => [
      { key: 'customerId', title: 'Id' },
      { key: 'customerName', title: 'Name', render: renderName },
    ]);
    const { Page } = crudPage<typeof CUSTOMER_API, { customerId: string }>({
      ...crudTable('management', 'customer-crud-render-test', CUSTOMER_API, 'customerId'),
      columns,
      fields: () => [{ name: 'customerId', label: 'Id', kind: 'text' }],
      toBody: (v) => ({ customerId: v.customerId, customerName: v.customerId }) as never,
    });
    renderInApp(<Page />);
    expect(await screen.findByText('Amina', {}, { timeout: 10_000 })).toBeTruthy();
    const drawn = renderName.mock.calls.length;
    const built = columns.mock.calls.length;
    const row = screen.getByText('Amina').closest('tr');

    fireEvent.click(screen.getByTestId('list-add'));
    expect(await screen.findByRole('dialog')).toBeTruthy();

    expect(renderName.mock.calls.length).toBe(drawn);
    expect(columns.mock.calls.length).toBe(built);
    expect(screen.getByText('Amina').closest('tr')).toBe(row);
  });
});

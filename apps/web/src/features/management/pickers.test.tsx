import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, renderInApp, serveList } from '../../test/list-server';
import { CustomerPicker, TariffPicker, UnusedMeterPicker } from './pickers';

async function optionsOf(Picker: ComponentType<{ name: string; label: string }>, name: string) {
  renderInApp(
    <Form>
      <Picker name={name} label={name} />
    </Form>,
  );
  // The options are there once the read has answered and the dropdown is open.
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled(), { timeout: 10_000 });
  fireEvent.mouseDown(screen.getByRole('combobox'));
  // The shown labels (the hidden accessibility list repeats only the values).
  const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  await waitFor(() => expect(shown().length).toBeGreaterThan(0), { timeout: 10_000 });
  return shown();
}

cleanUpAfterEach();

// Rendering antd in jsdom takes seconds on a loaded machine.
describe('pickers', { timeout: 30_000 }, () => {
  it('lists customers by id with their name, in id order', async () => {
    const bodies = serveList([
      { customerId: '47000001', customerName: 'Ada Obi' },
      { customerId: '47000002' },
    ]);
    expect(await optionsOf(CustomerPicker, 'customerId')).toEqual(['47000001 — Ada Obi', '47000002 — ']);
    expect(bodies[0]?.url).toMatch(/\/api\/customer\/read$/);
    expect(bodies[0]?.body).toMatchObject({ pageSize: 20, orderBy: 'customerId asc', searchTerm: null });
  });

  it('lists unbound meters by id alone, and tariffs with their name', async () => {
    const meters = serveList([{ meterId: '47100000003' }]);
    expect(await optionsOf(UnusedMeterPicker, 'meterId')).toEqual(['47100000003']);
    expect(meters[0]?.url).toMatch(/\/api\/meter\/addread$/);
    expect(meters[0]?.body).toMatchObject({ orderBy: 'meterId asc' });
    cleanup();
    const tariffs = serveList([{ tariffId: 'RES', tariffName: 'Residential' }]);
    expect(await optionsOf(TariffPicker, 'tariffId')).toEqual(['RES — Residential']);
    expect(tariffs[0]?.body).toMatchObject({ orderBy: 'tariffId asc' });
  });
});

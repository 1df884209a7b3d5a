import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerPicker, TariffPicker, UnusedMeterPicker } from './pickers';

/** Answers every read with `rows` and keeps the request bodies. */
function serve(rows: Record<string, unknown>[]) {
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(
        JSON.stringify({ code: 0, reason: 'success', result: { total: rows.length, data: rows } }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }),
  );
  return bodies;
}

async function optionsOf(Picker: ComponentType<{ name: string; label: string }>, name: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <Form>
          <Picker name={name} label={name} />
        </Form>
      </App>
    </QueryClientProvider>,
  );
  // The options are there once the read has answered and the dropdown is open.
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled(), { timeout: 10_000 });
  fireEvent.mouseDown(screen.getByRole('combobox'));
  // The shown labels (the hidden accessibility list repeats only the values).
  const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  await waitFor(() => expect(shown().length).toBeGreaterThan(0), { timeout: 10_000 });
  return shown();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Rendering antd in jsdom takes seconds on a loaded machine.
describe('pickers', { timeout: 30_000 }, () => {
  it('lists customers by id with their name, in id order', async () => {
    const bodies = serve([{ customerId: '47000001', customerName: 'Ada Obi' }, { customerId: '47000002' }]);
    expect(await optionsOf(CustomerPicker, 'customerId')).toEqual(['47000001 — Ada Obi', '47000002 — ']);
    expect(bodies[0]?.url).toMatch(/\/api\/customer\/read$/);
    expect(bodies[0]?.body).toMatchObject({ pageSize: 20, orderBy: 'customerId asc', searchTerm: null });
  });

  it('lists unbound meters by id alone, and tariffs with their name', async () => {
    const meters = serve([{ meterId: '47100000003' }]);
    expect(await optionsOf(UnusedMeterPicker, 'meterId')).toEqual(['47100000003']);
    expect(meters[0]?.url).toMatch(/\/api\/meter\/addread$/);
    expect(meters[0]?.body).toMatchObject({ orderBy: 'meterId asc' });
    cleanup();
    const tariffs = serve([{ tariffId: 'RES', tariffName: 'Residential' }]);
    expect(await optionsOf(TariffPicker, 'tariffId')).toEqual(['RES — Residential']);
    expect(tariffs[0]?.body).toMatchObject({ orderBy: 'tariffId asc' });
  });
});

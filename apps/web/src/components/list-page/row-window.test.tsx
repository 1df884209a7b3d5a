import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListGrid } from './list-grid';
import { initialListState } from './read-body';
import { rowsOnScreen } from './row-window';

// A grid draws the cells of the rows the window shows in the render that opens the page; the others
// come as the page scrolls to them or, a chunk at a time, when the browser is idle.

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 500 }, (_, i) => ({ id: `m${i}`, name: `Meter ${i}` }));
const columns = [
  { key: 'id', dataIndex: 'id', title: 'Id', width: 120 },
  { key: 'name', dataIndex: 'name', title: 'Name', width: 200 },
];

/** The grid on a page of `rows` out of `total`, paged as `state` says (all 500 rows on one page unless told). */
const renderGrid = (
  rows = ROWS,
  total = ROWS.length,
  state = { ...initialListState(), pageSize: ROWS.length },
) =>
  render(
    <ListGrid<Row>
      rows={rows}
      total={total}
      firstLoad={false}
      state={state}
      setState={() => undefined}
      columns={columns}
      rowKey={(r) => r.id}
      fits
      stickyTop={0}
    />,
  );

const bodyRows = () => [...document.querySelectorAll('tbody tr.ant-table-row')];
/** Rows whose cells are in the document. */
const drawnRows = () => bodyRows().filter((tr) => tr.querySelector('td.ant-table-cell'));

describe('ListGrid row window', { timeout: 120_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws only the rows on screen of a 500-row page, every row later when idle', async () => {
    vi.useFakeTimers();
    renderGrid();
    const onScreen = rowsOnScreen(undefined, 0, window.innerHeight);
    expect(onScreen).toBeLessThan(40);
    // Every row is there (keys, count), only those on screen with their cells.
    expect(bodyRows()).toHaveLength(500);
    expect(drawnRows()).toHaveLength(onScreen);
    expect(document.body.textContent).toContain('Meter 0');
    expect(document.body.textContent).not.toContain('Meter 499');
    // Each idle callback draws a chunk and asks for the next.
    for (let i = 0; i < 500 && drawnRows().length < 500; i++) act(() => vi.advanceTimersByTime(60));
    expect(drawnRows()).toHaveLength(500);
    expect(document.body.textContent).toContain('Meter 499');
  });

  it('draws the rows a scroll brings into view at once', () => {
    vi.useFakeTimers();
    renderGrid();
    const before = drawnRows().length;
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(2_000);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    const wanted = rowsOnScreen(undefined, 2_000, window.innerHeight);
    expect(wanted).toBeGreaterThan(before);
    expect(drawnRows()).toHaveLength(wanted);
    expect(drawnRows().at(-1)?.textContent).toContain(`Meter ${wanted - 1}`);
  });

  it('draws the pager (Total N, page size, jumper) after the rows, when idle, and not for an empty grid', () => {
    vi.useFakeTimers();
    renderGrid(ROWS.slice(0, 20), ROWS.length, initialListState());
    expect(drawnRows().length).toBeGreaterThan(0);
    expect(document.querySelector('[data-testid=list-total]')).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    expect(document.querySelector('[data-testid=list-total]')).not.toBeNull();
    expect(document.querySelector('.ant-pagination-item-25')).not.toBeNull();
    expect(document.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    cleanup();
    renderGrid([], 0, initialListState());
    act(() => vi.advanceTimersByTime(60));
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

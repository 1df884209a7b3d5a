import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FilterPopover, SortPopover } from './column-header';
import type { ListColumn } from './list-page-props';
import type { ListQuery } from './use-list-query';

/** What a header needs of the grid's query: the filters and sort shown, and how to change them. */
export type HeaderControls = Pick<ListQuery<unknown>, 'state' | 'setState' | 'setFilter'> & { t: TFunction };

/** A column's header: its title, then its filter and sort popovers. */
function header<Row>(c: ListColumn<Row>, list: HeaderControls) {
  const { state, setState, setFilter } = list;
  const filterField = c.filter?.field ?? c.key;
  const sortField = typeof c.sort === 'string' ? c.sort : c.key;
  return (
    <span className="list-page-th" data-testid={`th-${c.key}`}>
      <span>{c.title}</span>
      {c.filter && (
        <FilterPopover
          t={list.t}
          columnKey={c.key}
          kind={c.filter.kind}
          options={c.filter.options}
          value={state.filters[filterField]?.value}
          onApply={(v) => setFilter(filterField, c.filter?.kind ?? 'text', v)}
        />
      )}
      {c.sort && (
        <SortPopover
          t={list.t}
          columnKey={c.key}
          field={sortField}
          sort={state.sort}
          onSort={(sort) => setState((s) => ({ ...s, pageNumber: 1, sort }))}
        />
      )}
    </span>
  );
}

/** Width a column without a declared one is reckoned at when deciding whether the grid fits. */
const UNDECLARED_WIDTH = 120;
/** The check-box column of a selectable grid. */
const SELECTION_WIDTH = 32;

/** How wide the grid's columns want to be: declared widths, a reckoned one for the rest. */
export function wantedWidth<Row>(
  columns: ListColumn<Row>[],
  actionsWidth: number | undefined,
  selectable: boolean,
) {
  const data = columns.reduce((sum, c) => sum + (c.width ?? UNDECLARED_WIDTH), 0);
  return data + (actionsWidth ?? 0) + (selectable ? SELECTION_WIDTH : 0);
}

/** The antd columns of a list page, with an Actions column (pinned right while scrolling) when rows have actions. */
export function tableColumns<Row>(
  columns: ListColumn<Row>[],
  list: HeaderControls,
  actions: { render?: (row: Row) => ReactNode; width?: number; title: string },
  fits = false,
): ColumnType<Row>[] {
  const out: ColumnType<Row>[] = columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    width: c.width,
    ellipsis: c.ellipsis,
    fixed: fits ? undefined : c.fixed,
    title: header(c, list),
    render: c.render
      ? (value: unknown, row: Row) => c.render?.(value, row)
      : (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  }));
  const { render } = actions;
  if (render) {
    out.push({
      key: '__actions',
      title: actions.title,
      fixed: fits ? undefined : 'right',
      width: actions.width ?? 150,
      render: (_: unknown, row: Row) => (
        // A plain flex box (list-page.css): an antd Flex per row is another component per row.
        <div className="list-row-actions">{render(row)}</div>
      ),
    });
  }
  return out;
}

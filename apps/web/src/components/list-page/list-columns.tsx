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

/** The antd columns of a list page, with a fixed Actions column when rows have actions. */
export function tableColumns<Row>(
  columns: ListColumn<Row>[],
  list: HeaderControls,
  actions: { render?: (row: Row) => ReactNode; width?: number; title: string },
): ColumnType<Row>[] {
  const out: ColumnType<Row>[] = columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    width: c.width,
    ellipsis: c.ellipsis,
    fixed: c.fixed,
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
      fixed: 'right',
      width: actions.width ?? 150,
      render: (_: unknown, row: Row) => (
        // A plain flex box (list-page.css): an antd Flex per row is another component per row.
        <div className="list-row-actions">{render(row)}</div>
      ),
    });
  }
  return out;
}

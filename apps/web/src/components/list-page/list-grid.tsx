import { Skeleton, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './read-body';
import type { ListQuery } from './use-list-query';

export interface ListGridProps<Row> {
  list: ListQuery<Row>;
  columns: ColumnType<Row>[];
  rowKey: (row: Row) => string;
  /** Row selection, absent on a read-only grid. */
  selection?: { selected: Row[]; onChange: (rows: Row[]) => void };
  summary?: (rows: readonly Row[]) => ReactNode;
}

/** The bordered grid: a skeleton before the first rows, the server's paging, "Total N". */
export function ListGrid<Row extends object>({
  list,
  columns,
  rowKey,
  selection,
  summary,
}: ListGridProps<Row>) {
  const { t } = useTranslation();
  const { query, state, setState } = list;
  return (
    <Table<Row>
      className="list-page-table"
      data-testid="list-table"
      bordered
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={query.data?.data ?? []}
      aria-busy={query.isFetching}
      locale={
        list.firstLoad
          ? {
              emptyText: (
                <Skeleton active title={false} paragraph={{ rows: 5 }} data-testid="list-skeleton" />
              ),
            }
          : undefined
      }
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected.map(rowKey) as Key[],
          onChange: (_keys, rows) => selection.onChange(rows),
          fixed: true,
        }
      }
      pagination={{
        current: state.pageNumber,
        pageSize: state.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        // "Go to" and "20 / page" come translated from antd's locale (ConfigProvider).
        showQuickJumper: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (n) => <span data-testid="list-total">{t('listPage.total', { total: n })}</span>,
        onChange: (pageNumber, pageSize) =>
          setState((s) => ({ ...s, pageNumber: pageSize !== s.pageSize ? 1 : pageNumber, pageSize })),
      }}
      summary={summary}
    />
  );
}

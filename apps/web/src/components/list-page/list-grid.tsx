import { Pagination, Skeleton, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  type CSSProperties,
  type Dispatch,
  type Key,
  memo,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../lib/when-idle';
import { type ListState, PAGE_SIZES } from './read-body';
import { RowWindowProvider, rowIndexProps, WINDOWED_BODY } from './row-window';

export interface ListGridProps<Row> {
  rows: Row[];
  total: number;
  /** Nothing to show yet: the skeleton instead of "No data". */
  firstLoad: boolean;
  state: ListState;
  setState: Dispatch<SetStateAction<ListState>>;
  columns: ColumnType<Row>[];
  rowKey: (row: Row) => string;
  /** Checked rows, absent on a read-only grid. */
  selected?: Row[];
  onSelect?: (rows: Row[]) => void;
  summary?: (rows: readonly Row[]) => ReactNode;
  /** The columns fit the page: no sideways scroll, nothing pinned, widths as declared (nothing measured). */
  fits: boolean;
  /** Height of the app header the column headers stick under. */
  stickyTop: number;
}

const NO_ROWS: never[] = [];
const SCROLL_X = { x: 'max-content' } as const;

/** True from the first idle moment after the grid mounts. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}

/**
 * The pager under the grid: "Total N", the page numbers, the page size and "Go to". Drawn once the grid's
 * rows are on screen (it sits under twenty rows, below the window's edge, and its page-size select and
 * jumper were a good part of a page's first render), and outside antd's Table, so that drawing it does not
 * redraw the rows. antd hides the pager of an empty grid; so does this one.
 */
function ListPager({ state, setState, total }: Pick<ListGridProps<unknown>, 'state' | 'setState' | 'total'>) {
  const { t } = useTranslation();
  const ready = useAfterFirstPaint();
  if (!ready || total === 0) return null;
  return (
    <Pagination
      className="list-page-pager"
      size="small"
      current={state.pageNumber}
      pageSize={state.pageSize}
      total={total}
      showSizeChanger
      // "Go to" and "20 / page" come translated from antd's locale (ConfigProvider).
      showQuickJumper
      pageSizeOptions={PAGE_SIZES}
      showTotal={(n) => <span data-testid="list-total">{t('listPage.total', { total: n })}</span>}
      onChange={(pageNumber, pageSize) =>
        setState((s) => ({ ...s, pageNumber: pageSize !== s.pageSize ? 1 : pageNumber, pageSize }))
      }
    />
  );
}

/**
 * The bordered grid: a skeleton before the first rows, the server's paging, "Total N". Memoised on its
 * props: the page around it re-renders on every fetch-state change (the toolbar's spinner), and an antd
 * Table re-render redraws every cell.
 */
function ListGridView<Row extends object>({
  rows,
  total,
  firstLoad,
  state,
  setState,
  columns,
  rowKey,
  selected,
  onSelect,
  summary,
  fits,
  stickyTop,
}: ListGridProps<Row>) {
  const selectedKeys = useMemo(() => selected?.map(rowKey) as Key[] | undefined, [selected, rowKey]);
  const dataSource = rows.length ? rows : NO_ROWS;
  return (
    // Only the rows on screen are drawn in the render that shows the page (row-window.tsx).
    <RowWindowProvider rows={dataSource} columns={columns.length + (onSelect ? 1 : 0)}>
      <Table<Row>
        className={fits ? 'list-page-table list-page-fits' : 'list-page-table'}
        style={{ '--list-sticky-top': `${stickyTop}px` } as CSSProperties}
        data-testid="list-table"
        bordered
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={dataSource}
        components={WINDOWED_BODY}
        onRow={rowIndexProps}
        locale={
          firstLoad
            ? {
                emptyText: (
                  <Skeleton active title={false} paragraph={{ rows: 5 }} data-testid="list-skeleton" />
                ),
              }
            : undefined
        }
        // A grid that fits lays out from the declared widths and sticks its header with CSS; only a grid
        // wider than the page scrolls sideways, pins columns and needs antd to measure them.
        tableLayout={fits ? 'fixed' : undefined}
        scroll={fits ? undefined : SCROLL_X}
        sticky={fits ? undefined : { offsetHeader: stickyTop }}
        rowSelection={
          onSelect && {
            selectedRowKeys: selectedKeys,
            onChange: (_keys, picked) => onSelect(picked),
            fixed: !fits,
          }
        }
        pagination={false}
        summary={summary}
      />
      <ListPager state={state} setState={setState} total={total} />
    </RowWindowProvider>
  );
}

export const ListGrid = memo(ListGridView) as typeof ListGridView;

import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, type InputRef, Skeleton, Spin, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  type Key,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { nodeText, openPrintView } from '../../lib/print';
import { ExportDialog } from '../export-dialog/export-dialog';
import { ImportDialog } from '../import-dialog/import-dialog';
import { type FilterOption, FilterPopover, SortPopover } from './column-header';
import { listKey, listQueryOptions } from './list-query';
import {
  type FilterKind,
  type FilterValue,
  initialListState,
  type ListState,
  PAGE_SIZES,
  resetListState,
  type SortState,
} from './read-body';
import './locales';
import './list-page.css';

export interface ListColumn<Row> {
  /** Row field shown (and, by default, the request field filtered and sorted on). */
  key: string;
  title: ReactNode;
  width?: number;
  /** Header filter; `field` overrides the request field (date ranges go out as `<field>Range`). */
  filter?: { kind: FilterKind; field?: string; options?: FilterOption[] };
  /** true sorts on `key`; a string sorts on that field. */
  sort?: boolean | string;
  render?: (value: unknown, row: Row) => ReactNode;
  ellipsis?: boolean;
  fixed?: 'left';
}

export interface ListPageProps<Row> {
  /** Query-key root; writes elsewhere invalidate it through `useRefreshList`. */
  resource: string;
  readPath: string;
  rowKey: (row: Row) => string;
  columns: ListColumn<Row>[];
  defaultSort?: SortState | null;
  /** Members sent with every read (e.g. a fixed type). */
  extraBody?: Record<string, unknown>;
  onAdd?: () => void;
  onDelete?: (rows: Row[]) => Promise<unknown>;
  /** Module name of the file endpoints (`/api/<module>/template|importFile|export`). */
  importModule?: string;
  exportModule?: string;
  exportFileName?: string;
  actions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  /** Extra toolbar content; a function receives the checked rows (e.g. "Add Batch Task"). */
  toolbarExtra?: ReactNode | ((selected: Row[]) => ReactNode);
  /** Offer row selection even on a read-only grid. */
  selectable?: boolean;
  /** Re-read on its own every N ms while this says so (e.g. while tasks are running). */
  refetchInterval?: (data: { total: number; data: Row[] } | undefined) => number | false;
  testId?: string;
  title?: ReactNode;
  /** Heading of the printed page (defaults to the page title). */
  printTitle?: string;
  /**
   * Keyboard-first grid (the vending office): the search box has focus on open and on "/" or F2;
   * Enter searches and, once rows arrive, puts focus on the first row's action (↑/↓ move between rows).
   */
  keyboard?: boolean;
  /** The search box, for a page that gives focus back to it (e.g. after a dialog closes). */
  searchRef?: RefObject<InputRef | null>;
  /**
   * A last table row under the data, e.g. totals of the filtered result (antd Table summary); gets the
   * rows on screen, the read request of the current filter (paging included) and the column count.
   */
  summary?: (rows: readonly Row[], body: Record<string, unknown>, columnCount: number) => ReactNode;
}

/** "/" (outside a text field) or F2 (anywhere outside a dialog) puts focus in the search box. */
function useSearchShortcut(on: boolean | undefined, ref: RefObject<InputRef | null>) {
  useEffect(() => {
    if (!on) return;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el?.closest('.ant-modal-wrap, .ant-modal')) return;
      const typing = el?.closest('input, textarea, select, [contenteditable="true"]');
      if (e.key === 'F2' || (e.key === '/' && !typing)) {
        e.preventDefault();
        ref.current?.focus({ cursor: 'all' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, ref]);
}

/** ↑/↓ on a row action moves to the same action of the row above/below. */
function moveBetweenRows(e: ReactKeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const el = e.target instanceof HTMLElement ? e.target : null;
  const row = el?.closest('tr.ant-table-row');
  if (!el || !row || !el.closest('.list-row-actions')) return;
  const sibling = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  const next = sibling?.querySelector<HTMLElement>('.list-row-actions button');
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/** Lets dialogs re-query a grid after a write. */
export function useRefreshList(resource: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: listKey(resource) });
}

/**
 * The original's list page (original-api.md §16.1): toolbar with Search Term and Search / Reset / Add
 * / Import / Export / Delete; a bordered table with selection, header filter and sort popovers and a
 * fixed Actions column; "Total N", page sizes and a page jumper. Paging, filtering and sorting are the
 * server's: every change re-reads through react-query.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const {
    resource,
    readPath,
    rowKey,
    columns,
    defaultSort = null,
    extraBody,
    onAdd,
    onDelete,
    importModule,
    exportModule,
    actions,
  } = props;
  const [state, setState] = useState<ListState>(() => initialListState(defaultSort));
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<Row[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const refresh = useRefreshList(resource);
  const client = useQueryClient();
  const ownSearchRef = useRef<InputRef>(null);
  const searchRef = props.searchRef ?? ownSearchRef;
  const tableRef = useRef<HTMLDivElement>(null);
  /** Set by Enter in the search box: the next settled read puts focus on its first row's action. */
  const focusFirstRow = useRef(false);
  const [searchTick, setSearchTick] = useState(0);
  useSearchShortcut(props.keyboard, searchRef);

  const options = useMemo(
    () => listQueryOptions<Row>({ resource, readPath, extraBody }, state),
    [resource, readPath, extraBody, state],
  );
  const body = options.queryKey[2];
  // While a filter or page changes, the previous rows stay on screen (not an empty table).
  const query = useQuery({
    ...options,
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval ? (q) => props.refetchInterval?.(q.state.data) ?? false : false,
  });
  // Only a grid with nothing to show yet gets the skeleton; re-reads keep the rows sharp and say so
  // with a small spinner, so rows never blink or blur on a background refresh.
  const firstLoad = query.isPending;
  const refreshing = query.isFetching && !firstLoad;
  const settled = !query.isFetching && !query.isPlaceholderData;
  useEffect(() => {
    if (searchTick === 0 || !focusFirstRow.current || !settled) return;
    focusFirstRow.current = false;
    tableRef.current?.querySelector<HTMLElement>('tr.ant-table-row .list-row-actions button')?.focus();
  }, [settled, searchTick]);

  /**
   * Search and Reset are asked-for re-reads: the page they land on is read from the server even when
   * the cache still holds it (e.g. Reset back to the first page seen a moment ago). Marking that
   * page stale first makes the switch to it fetch; when it is the page on screen it re-reads now.
   */
  const readAgain = (next: ListState) => {
    const { queryKey } = listQueryOptions<Row>({ resource, readPath, extraBody }, next);
    void client.invalidateQueries({ queryKey, exact: true });
    setState(next);
  };

  const setFilter = (field: string, kind: FilterKind, value: FilterValue) =>
    setState((s) => ({ ...s, pageNumber: 1, filters: { ...s.filters, [field]: { kind, value } } }));

  const tableColumns: ColumnType<Row>[] = columns.map((c) => {
    const filterField = c.filter?.field ?? c.key;
    const sortField = typeof c.sort === 'string' ? c.sort : c.key;
    return {
      key: c.key,
      dataIndex: c.key,
      width: c.width,
      ellipsis: c.ellipsis,
      fixed: c.fixed,
      title: (
        <span className="list-page-th" data-testid={`th-${c.key}`}>
          <span>{c.title}</span>
          {c.filter && (
            <FilterPopover
              columnKey={c.key}
              kind={c.filter.kind}
              options={c.filter.options}
              value={state.filters[filterField]?.value}
              onApply={(v) => setFilter(filterField, c.filter?.kind ?? 'text', v)}
            />
          )}
          {c.sort && (
            <SortPopover
              columnKey={c.key}
              field={sortField}
              sort={state.sort}
              onSort={(sort) => setState((s) => ({ ...s, pageNumber: 1, sort }))}
            />
          )}
        </span>
      ),
      render: c.render
        ? (value: unknown, row: Row) => c.render?.(value, row)
        : (value: unknown) => (value === null || value === undefined ? '' : String(value)),
    };
  });
  if (actions) {
    tableColumns.push({
      key: '__actions',
      title: t('listPage.actions'),
      fixed: 'right',
      width: props.actionsWidth ?? 150,
      render: (_: unknown, row: Row) => (
        <Flex gap={4} wrap className="list-row-actions">
          {actions(row)}
        </Flex>
      ),
    });
  }

  const confirmDelete = () => {
    if (!onDelete) return;
    if (selected.length === 0) {
      void message.warning(t('listPage.selectFirst'));
      return;
    }
    modal.confirm({
      title: t('listPage.tip'),
      content: t('listPage.deleteConfirm'),
      okText: t('listPage.confirm'),
      cancelText: t('listPage.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: async () => {
        await onDelete(selected);
        setSelected([]);
        void message.success(t('listPage.deleted'));
        await refresh();
      },
    });
  };

  /** The shell's print view (/pdf/table-normal) with the rows on screen, as text. */
  const printPage = () => {
    const text = (v: unknown) =>
      v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    // What the cell shows (words, formatted money), else the stored value (issue 15).
    const shown = (c: ListColumn<Row>, row: Row) => {
      const v = (row as Record<string, unknown>)[c.key];
      return (c.render && nodeText(c.render(v, row))) || text(v);
    };
    const printable = columns.filter((c) => typeof c.title === 'string');
    openPrintView({
      title: props.printTitle ?? document.title.split(' - ')[0] ?? resource,
      columns: printable.map((c) => ({ key: c.key, title: c.title as string })),
      rows: (query.data?.data ?? []).map((row) =>
        Object.fromEntries(printable.map((c) => [c.key, shown(c, row)])),
      ),
    });
  };

  const total = query.data?.total ?? 0;
  const readOnly = !onAdd && !onDelete && !importModule && !exportModule && !props.selectable;

  return (
    <Card className="list-page" data-testid={props.testId ?? `list-${resource}`} title={props.title}>
      <Flex className="list-page-toolbar" gap={8} wrap align="center">
        <Input
          data-testid="list-search-term"
          className="list-page-term"
          allowClear
          placeholder={t('listPage.searchTerm')}
          value={term}
          ref={searchRef}
          onChange={(e) => setTerm(e.target.value)}
          onPressEnter={() => {
            focusFirstRow.current = Boolean(props.keyboard);
            setSearchTick((n) => n + 1);
            setState((s) => ({ ...s, pageNumber: 1, searchTerm: term }));
          }}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          data-testid="list-search"
          onClick={() => readAgain({ ...state, pageNumber: 1, searchTerm: term })}
        >
          {t('listPage.search')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          data-testid="list-reset"
          onClick={() => {
            setTerm('');
            readAgain(resetListState(state, defaultSort));
          }}
        >
          {t('listPage.reset')}
        </Button>
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="list-add" onClick={onAdd}>
            {t('listPage.add')}
          </Button>
        )}
        {importModule && (
          <Button icon={<UploadOutlined />} data-testid="list-import" onClick={() => setImportOpen(true)}>
            {t('listPage.import')}
          </Button>
        )}
        {exportModule && (
          <Button icon={<DownloadOutlined />} data-testid="list-export" onClick={() => setExportOpen(true)}>
            {t('listPage.export')}
          </Button>
        )}
        {onDelete && (
          <Button danger icon={<DeleteOutlined />} data-testid="list-delete" onClick={confirmDelete}>
            {t('listPage.delete')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} data-testid="list-print" onClick={printPage}>
          {t('listPage.print')}
        </Button>
        {typeof props.toolbarExtra === 'function' ? props.toolbarExtra(selected) : props.toolbarExtra}
        <Spin size="small" spinning={refreshing} data-testid="list-refreshing" />
      </Flex>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys only move focus between row actions. */}
      <div ref={tableRef} onKeyDown={props.keyboard ? moveBetweenRows : undefined}>
        <Table<Row>
          className="list-page-table"
          data-testid="list-table"
          bordered
          size="small"
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={query.data?.data ?? []}
          aria-busy={query.isFetching}
          locale={
            firstLoad
              ? {
                  emptyText: (
                    <Skeleton active title={false} paragraph={{ rows: 5 }} data-testid="list-skeleton" />
                  ),
                }
              : undefined
          }
          scroll={{ x: 'max-content' }}
          rowSelection={
            readOnly
              ? undefined
              : {
                  selectedRowKeys: selected.map(rowKey) as Key[],
                  onChange: (_keys, rows) => setSelected(rows),
                  fixed: true,
                }
          }
          pagination={{
            current: state.pageNumber,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            // "Go to" and "20 / page" come translated from antd's locale (ConfigProvider).
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (n) => <span data-testid="list-total">{t('listPage.total', { total: n })}</span>,
            onChange: (pageNumber, pageSize) =>
              setState((s) => ({ ...s, pageNumber: pageSize !== s.pageSize ? 1 : pageNumber, pageSize })),
          }}
          summary={
            props.summary
              ? (rows) => props.summary?.(rows, body, tableColumns.length + (readOnly ? 0 : 1)) ?? null
              : undefined
          }
        />
      </div>
      {/* antd hides the pager of an empty grid; the original still says "Total 0". */}
      {total === 0 && !query.isFetching && (
        <div className="list-page-empty-total" data-testid="list-total">
          {t('listPage.total', { total: 0 })}
        </div>
      )}
      {importModule && (
        <ImportDialog
          open={importOpen}
          module={importModule}
          onClose={() => setImportOpen(false)}
          onImported={() => void refresh()}
        />
      )}
      {exportModule && (
        <ExportDialog
          open={exportOpen}
          module={exportModule}
          defaultFileName={props.exportFileName ?? exportModule}
          body={body}
          onClose={() => setExportOpen(false)}
        />
      )}
    </Card>
  );
}

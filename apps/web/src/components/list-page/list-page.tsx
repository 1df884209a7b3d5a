import { Card, type InputRef } from 'antd';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportDialog } from '../export-dialog/export-dialog';
import { ImportDialog } from '../import-dialog/import-dialog';
import { isShown, useColumnChoice } from './column-choice';
import { useGridFits, useStickyTop } from './grid-fit';
import { tableColumns, wantedWidth } from './list-columns';
import { printRows, useConfirmDelete } from './list-commands';
import { ListGrid } from './list-grid';
import { moveBetweenRows, useFocusFirstRowAfterSearch, useSearchShortcut } from './list-keyboard';
import type { ListPageProps } from './list-page-props';
import { ListToolbar } from './list-toolbar';
import { resetListState, type SortState } from './read-body';
import { useEverTrue } from './use-ever-true';
import { type ListQuery, useListQuery, useRefreshList } from './use-list-query';
import './locales';
// Offers the shell a hidden sample of a list page to draw ahead of the first one opened (warm-look.tsx).
import './warm-look';
import './list-page.css';

export type { ListColumn, ListPageProps } from './list-page-props';

const NO_ROWS: never[] = [];

export { useRefreshList } from './use-list-query';

/** Import and Export of the grid's module; the export takes the grid's current filter. */
function FileDialogs(p: {
  importModule?: string;
  exportModule?: string;
  exportFileName?: string;
  open: 'import' | 'export' | null;
  body: Record<string, unknown>;
  onClose: () => void;
  onImported: () => void;
}) {
  // Built on first use only: the grid's first rows do not wait for dialogs.
  const importUsed = useEverTrue(p.open === 'import');
  const exportUsed = useEverTrue(p.open === 'export');
  return (
    <>
      {p.importModule && importUsed && (
        <ImportDialog
          open={p.open === 'import'}
          module={p.importModule}
          onClose={p.onClose}
          onImported={p.onImported}
        />
      )}
      {p.exportModule && exportUsed && (
        <ExportDialog
          open={p.open === 'export'}
          module={p.exportModule}
          defaultFileName={p.exportFileName ?? p.exportModule}
          body={p.body}
          onClose={p.onClose}
        />
      )}
    </>
  );
}

/** Enter in the search box, Search and Reset: Search and Reset re-read even what the cache holds. */
function searchCommands<Row>(
  list: ListQuery<Row>,
  term: string,
  setTerm: (term: string) => void,
  defaultSort: SortState | null,
  armFocus: () => void,
) {
  return {
    onEnter: () => {
      armFocus();
      list.setState((s) => ({ ...s, pageNumber: 1, searchTerm: term }));
    },
    onSearch: () => list.readAgain({ ...list.state, pageNumber: 1, searchTerm: term }),
    onReset: () => {
      setTerm('');
      list.readAgain(resetListState(list.state, defaultSort));
    },
  };
}

/**
 * The grid's columns and summary, memoised: the grid re-renders only when what it shows changes, not
 * on each fetch-state flip of the page around it.
 */
function useGridParts<Row extends object>(
  props: ListPageProps<Row>,
  list: ListQuery<Row>,
  readOnly: boolean,
  box: RefObject<HTMLElement | null>,
) {
  const { t } = useTranslation();
  const { columns: declared, actions, actionsWidth, summary } = props;
  const choice = useColumnChoice(`${window.location.pathname}:${props.resource}`, declared);
  const columns = choice.shown;
  const { state, setState, setFilter, body } = list;
  const fits = useGridFits(box, wantedWidth(columns, actions ? (actionsWidth ?? 150) : undefined, !readOnly));
  const gridColumns = useMemo(
    () =>
      tableColumns(
        columns,
        { state, setState, setFilter, t },
        { render: actions, width: actionsWidth, title: t('listPage.actions') },
        fits,
      ),
    [columns, state, setState, setFilter, actions, actionsWidth, t, fits],
  );
  const columnCount = gridColumns.length + (readOnly ? 0 : 1);
  const gridSummary = useMemo(
    () => summary && ((r: readonly Row[]) => summary(r, body, columnCount) ?? null),
    [summary, body, columnCount],
  );
  const chooser = useMemo(
    () => ({
      columns: declared.map((c) => ({ key: c.key, title: c.title, shown: isShown(c, choice.choice) })),
      onToggle: choice.toggle,
      onReset: choice.reset,
    }),
    [declared, choice],
  );
  return { gridColumns, gridSummary, fits, shownColumns: columns, chooser, stickyTop: useStickyTop() };
}

/**
 * The original's list page: toolbar with Search Term and Search / Reset / Add
 * / Import / Export / Delete; a bordered table with selection, header filter and sort popovers and a
 * fixed Actions column; "Total N", page sizes and a page jumper. Paging, filtering and sorting are the
 * server's: every change re-reads through react-query (use-list-query.ts).
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { resource, importModule, exportModule, defaultSort = null } = props;
  const list = useListQuery(props);
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null);
  const refresh = useRefreshList(resource);
  const ownSearchRef = useRef<InputRef>(null);
  const searchRef = props.searchRef ?? ownSearchRef;
  const { tableRef, arm } = useFocusFirstRowAfterSearch(list.settled);
  useSearchShortcut(props.keyboard, searchRef);
  const confirmDelete = useConfirmDelete(props.onDelete, selected, async () => {
    setSelected([]);
    await refresh();
  });

  const { state, setState } = list;
  const rows = list.query.data?.data ?? NO_ROWS;
  const total = list.query.data?.total ?? 0;
  const readOnly = !props.onAdd && !props.onDelete && !importModule && !exportModule && !props.selectable;
  const grid = useGridParts(props, list, readOnly, tableRef);

  return (
    <Card className="list-page" data-testid={props.testId ?? `list-${resource}`} title={props.title}>
      <ListToolbar
        term={term}
        onTermChange={setTerm}
        searchRef={searchRef}
        {...searchCommands(list, term, setTerm, defaultSort, () => arm(props.keyboard))}
        onAdd={props.onAdd}
        onImport={importModule ? () => setDialog('import') : undefined}
        onExport={exportModule ? () => setDialog('export') : undefined}
        onDelete={confirmDelete}
        onPrint={() =>
          printRows(props.printTitle ?? document.title.split(' - ')[0] ?? resource, props.columns, rows)
        }
        chooser={grid.chooser}
        extra={typeof props.toolbarExtra === 'function' ? props.toolbarExtra(selected) : props.toolbarExtra}
        refreshing={list.refreshing}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys only move focus between row actions. */}
      <div
        ref={tableRef}
        onKeyDown={props.keyboard ? moveBetweenRows : undefined}
        aria-busy={list.query.isFetching}
      >
        <ListGrid<Row>
          rows={rows}
          total={total}
          firstLoad={list.firstLoad}
          state={state}
          setState={setState}
          columns={grid.gridColumns}
          rowKey={props.rowKey}
          selected={readOnly ? undefined : selected}
          onSelect={readOnly ? undefined : setSelected}
          summary={grid.gridSummary}
          fits={grid.fits}
          stickyTop={grid.stickyTop}
        />
      </div>
      {/* antd hides the pager of an empty grid; the original still says "Total 0". */}
      {total === 0 && !list.query.isFetching && (
        <div className="list-page-empty-total" data-testid="list-total">
          {t('listPage.total', { total: 0 })}
        </div>
      )}
      <FileDialogs
        importModule={importModule}
        exportModule={exportModule}
        exportFileName={props.exportFileName}
        open={dialog}
        body={list.body}
        onClose={() => setDialog(null)}
        onImported={() => void refresh()}
      />
    </Card>
  );
}

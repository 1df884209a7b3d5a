import type { InputRef } from 'antd';
import type { ReactNode, RefObject } from 'react';
import type { FilterOption } from './column-header';
import type { GridRead } from './list-query';
import type { FilterKind, SortState } from './read-body';

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
  /** Pinned while the grid scrolls sideways (a grid that fits pins nothing). */
  fixed?: 'left';
  /**
   * Not among the columns an operator decides by: hidden until the user shows it with the toolbar's
   * column chooser. A page's default columns fit 1366 px.
   */
  optional?: boolean;
}

export interface ListPageProps<Row> {
  /** Query-key root; writes elsewhere invalidate it through `useRefreshList`. */
  resource: string;
  /** The grid's read endpoint (contracts). */
  read: GridRead<Row>;
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

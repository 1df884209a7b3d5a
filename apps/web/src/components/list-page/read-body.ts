import type { Dayjs } from 'dayjs';

/** What a column's header filter holds: text, a select value, or a [from, to] date range. */
export type FilterValue = string | number | boolean | [Dayjs | null, Dayjs | null] | null | undefined;

export type FilterKind = 'text' | 'select' | 'dateRange';

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

/** The state of one grid: paging, the toolbar's search term, the header filters and the sort. */
export interface ListState {
  pageNumber: number;
  pageSize: number;
  searchTerm: string;
  /** Keyed by request field; date ranges are keyed by the column and sent as `<column>Range`. */
  filters: Record<string, { kind: FilterKind; value: FilterValue }>;
  sort: SortState | null;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200];

export function initialListState(sort: SortState | null = null): ListState {
  return { pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE, searchTerm: '', filters: {}, sort };
}

const WIRE = 'YYYY-MM-DD HH:mm:ss';

/** Whole days: the first second of the start day to the last second of the end day. */
export function rangeToWire(range: [Dayjs | null, Dayjs | null]): [string | null, string | null] | null {
  const [from, to] = range;
  if (!from && !to) return null;
  return [from ? from.startOf('day').format(WIRE) : null, to ? to.endOf('day').format(WIRE) : null];
}

/** True when a filter narrows the rows (the header icon turns red). */
export function isActive(value: FilterValue): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some((v) => v !== null && v !== undefined);
  return true;
}

/**
 * The original's read request: paging, `orderBy "field asc|desc"`, the search term, and
 * each filter under its field (`""` becomes null, as the original UI did); date filters go out as
 * `<field>Range: [from, to]`.
 */
export function buildReadBody(
  state: ListState,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (const [field, { kind, value }] of Object.entries(state.filters)) {
    if (kind === 'dateRange') {
      body[`${field}Range`] = Array.isArray(value) ? rangeToWire(value) : null;
    } else if (typeof value === 'string') {
      const v = value.trim();
      body[field] = v === '' ? null : v;
    } else {
      body[field] = value ?? null;
    }
  }
  const term = state.searchTerm.trim();
  body.searchTerm = term === '' ? null : term;
  body.pageNumber = state.pageNumber;
  body.pageSize = state.pageSize;
  body.orderBy = state.sort ? `${state.sort.field} ${state.sort.direction}` : null;
  return body;
}

/** Reset: every filter and the search term back to null, first page; page size and sort are kept. */
export function resetListState(state: ListState, defaultSort: SortState | null): ListState {
  return { ...state, pageNumber: 1, searchTerm: '', filters: {}, sort: defaultSort };
}

import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-page';

/** The label of a coded value, or the value itself when no option names it. */
export const labelOf = (options: { value: unknown; label: ReactNode }[], v: unknown): ReactNode =>
  options.find((o) => o.value === v)?.label ?? (v === null || v === undefined ? '' : String(v));

/** A column the header searches as text and sorts, as most columns of the original. */
export function textColumn<Row>(
  key: string,
  title: ReactNode,
  width: number,
  more: Partial<ListColumn<Row>> = {},
): ListColumn<Row> {
  return { key, title, filter: { kind: 'text' }, sort: true, width, ...more };
}

/** A date-time column filtered by a start–end range and sorted. */
export function dateRangeColumn<Row>(key: string, title: ReactNode, width = 170): ListColumn<Row> {
  return { key, title, filter: { kind: 'dateRange' }, sort: true, width };
}

/** A coded column (meter type, status, …): shown by its label, filtered by a select of the labels. */
export function optionColumn<Row>(
  key: string,
  title: ReactNode,
  options: { value: string | number | boolean; label: ReactNode }[],
  width: number,
): ListColumn<Row> {
  return {
    key,
    title,
    filter: { kind: 'select', options },
    sort: true,
    width,
    render: (v) => labelOf(options, v),
  };
}

/** Remark, Create Time and Update Time, as every master-data grid of the original ends. */
export function auditColumns<Row>(
  t: TFunction,
  opts: { remark?: boolean; update?: boolean; sort?: boolean } = {},
): ListColumn<Row>[] {
  const { remark = true, update = true, sort = true } = opts;
  const cols: ListColumn<Row>[] = [];
  // Remark and Update Time decide nothing on a list: in the column chooser until the user shows them.
  if (remark)
    cols.push({ key: 'remark', title: t('listPage.remark'), ellipsis: true, width: 160, optional: true });
  cols.push({ ...dateRangeColumn<Row>('createDate', t('listPage.createTime')), sort });
  if (update)
    cols.push({ ...dateRangeColumn<Row>('updateDate', t('listPage.updateTime')), sort, optional: true });
  return cols;
}

/** The Station Id column with its select filter: only for system administrators (original §2.1). */
export function stationColumn<Row>(
  t: TFunction,
  show: boolean,
  options: { label: string; value: string }[] | undefined,
  sort: boolean | string = true,
): ListColumn<Row>[] {
  if (!show) return [];
  return [
    {
      key: 'stationId',
      title: t('listPage.stationId'),
      filter: { kind: 'select', options: options ?? [] },
      sort,
      width: 130,
      optional: true,
    },
  ];
}

/** A station-owned row's grid: the page's `own` columns, then Remark, the times and the Station Id. */
export function stationRowColumns<Row>(own: (t: TFunction) => ListColumn<Row>[]) {
  return (t: TFunction, isAdmin: boolean, stations: { label: string; value: string }[] | undefined) => [
    ...own(t),
    ...auditColumns<Row>(t),
    ...stationColumn<Row>(t, isAdmin, stations),
  ];
}

import type { DailyDataMeterRow, DailyDataRow } from '@prepay/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { dateRangeColumn, textColumn } from '../../components/list-page/common-columns';
import type { ListColumn } from '../../components/list-page/list-page';
import type { GridRead } from '../../components/list-page/list-query';

const flag = (t: TFunction, on: string, off: string) => (v: unknown) =>
  v === null || v === undefined ? '' : <Tag color={v ? 'red' : 'green'}>{v ? t(on) : t(off)}</Tag>;

/** Whose meter: customer (kept in view while the grid scrolls; in the chooser), name and meter. */
function meterColumns<Row>(t: TFunction): ListColumn<Row>[] {
  return [
    textColumn<Row>('customerId', t('amr.customerId'), 140, { fixed: 'left', optional: true }),
    textColumn<Row>('customerName', t('amr.customerName'), 150),
    textColumn<Row>('meterId', t('amr.meterId'), 130),
  ];
}
/**
 * A water valve: "open" is supplying (the normal state, green), unlike a relay's "open" (disconnected),
 * so it has its own words — in Chinese they differ (开启 here, 断开 for a relay).
 */
const valve = (t: TFunction) => (v: unknown) =>
  v === null || v === undefined ? (
    ''
  ) : (
    <Tag color={v ? 'green' : 'red'}>{v ? t('amr.valveOpen') : t('amr.valveClosed')}</Tag>
  );

/**
 * The interval grid's columns; `usageLabel` distinguishes daily usage from the hourly one. Shown: whose meter,
 * its gateway, the day, the use and the readings; the electrical detail and the flags are in the chooser.
 */
/** Reads of AMR data carry `lang` like the original's (required); the page translates its own labels. */
export const READ_LANG = { lang: 'en' };

/** A meter's row of one day (or month). */
const dailyRowKey = (r: { meterId: string; currentDate: string }) => `${r.meterId}:${r.currentDate}`;

/** A grid of daily (or monthly) rows, one per meter and day, exported as `<exportFileName>.xlsx`. */
export const dailyGrid = <Row extends { meterId: string; currentDate: string }>(
  resource: string,
  read: GridRead<Row>,
  exportModule: string,
  exportFileName: string,
) => ({
  resource,
  read,
  rowKey: dailyRowKey,
  extraBody: READ_LANG,
  exportModule,
  exportFileName,
});

export function electricColumns(
  t: TFunction,
  usageLabel = 'amr.dailyUsage',
): ListColumn<DailyDataMeterRow>[] {
  return [
    ...meterColumns<DailyDataMeterRow>(t),
    textColumn('gatewayId', t('amr.gatewayId'), 130),
    dateRangeColumn('currentDate', t('amr.currentDate'), 160),
    { key: 'usage1', title: t(usageLabel), sort: true, width: 100 },
    { key: 'total1', title: t('amr.total1'), sort: true, width: 100 },
    { key: 'remain1', title: t('amr.remain1'), sort: true, width: 100 },
    { key: 'intervalDemand', title: t('amr.intervalDemand'), sort: true, width: 130, optional: true },
    { key: 'power', title: t('amr.power'), sort: true, width: 100, optional: true },
    { key: 'voltageA', title: t('amr.voltageA'), sort: true, width: 120, optional: true },
    { key: 'currentA', title: t('amr.currentA'), sort: true, width: 120, optional: true },
    {
      key: 'relayOpen',
      title: t('amr.relayOpen'),
      width: 120,
      optional: true,
      render: flag(t, 'amr.open', 'amr.closed'),
    },
    {
      key: 'terminalCoverOpen',
      title: t('amr.terminalCoverOpen'),
      width: 120,
      optional: true,
      render: flag(t, 'amr.open', 'amr.closed'),
    },
    {
      key: 'coverOpen',
      title: t('amr.coverOpen'),
      width: 110,
      optional: true,
      render: flag(t, 'amr.open', 'amr.closed'),
    },
    {
      key: 'status',
      title: t('amr.status'),
      width: 100,
      optional: true,
      render: flag(t, 'amr.check', 'amr.normal'),
    },
  ];
}

export function waterColumns(t: TFunction): ListColumn<DailyDataRow>[] {
  return [
    ...meterColumns<DailyDataRow>(t),
    dateRangeColumn('currentDate', t('amr.currentDate')),
    { key: 'total', title: t('amr.total'), sort: true, width: 120 },
    { key: 'totalRecharge', title: t('amr.totalRecharge'), sort: true, width: 150, optional: true },
    { key: 'remain', title: t('amr.remain'), sort: true, width: 120 },
    {
      key: 'valveStatus',
      title: t('amr.valveStatus'),
      width: 120,
      render: valve(t),
    },
    {
      key: 'valveError',
      title: t('amr.valveError'),
      width: 120,
      optional: true,
      render: flag(t, 'amr.check', 'amr.normal'),
    },
    { key: 'batteryPercentage', title: t('amr.batteryPercentage'), sort: true, width: 110, optional: true },
  ];
}

/** What the meters report: interval and monthly data, alarms, re-collection, the dashboard, prepay reports. */
import { z } from 'zod';
import { AlarmAcknowledgeRequest, AlarmReadRequest, AlarmRow } from '../alarm.js';
import { ALARM_PATHS, DAILY_DATA_PATHS, DASHBOARD_PATHS, PREPAY_REPORT_PATHS } from '../api-paths.js';
import {
  COLLECTION_PATHS,
  CollectionJobRow,
  CollectionJobsRequest,
  RECOLLECT_PERMISSION,
  RecollectRequest,
  RecollectResult,
} from '../collection.js';
import { page, writeBody } from '../common.js';
import {
  DailyDataMeterReadRequest,
  DailyDataMeterRow,
  DailyDataReadRequest,
  DailyDataRow,
} from '../daily-data.js';
import { LineChart, LineChartRequest, PanelGroup } from '../dashboard.js';
import { defineEndpoint } from '../endpoint.js';
import { AUTHENTICATED, type RoutePermission } from '../permissions.js';
import {
  ConsumptionRow,
  ConsumptionStatisticsRequest,
  DebtPaymentRow,
  DebtPaymentsRequest,
  DebtSituationRequest,
  DebtSituationRow,
  LongNonpurchaseRequest,
  LongNonpurchaseRow,
  LowPurchaseRequest,
  LowPurchaseRow,
  reportPage,
} from '../prepay-report.js';

const ELECTRIC = 'AutomaticMeterReading.DailyDataMeter' as const;
const WATER = 'AutomaticMeterReading.DailyData' as const;
const MONTHLY = 'AutomaticMeterReading.MonthlyData' as const;
const ALARM = 'AutomaticMeterReading.Alarm' as const;

/** A paged grid read: a page of `row` for a request of `request`. */
const pagedRead = <Q extends z.ZodType, R extends z.ZodType>(
  path: string,
  request: Q,
  row: R,
  permission: RoutePermission,
) => defineEndpoint({ path, request, result: page(row), permission });

const electric = (path: string, permission: RoutePermission) =>
  pagedRead(path, DailyDataMeterReadRequest, DailyDataMeterRow, permission);
const water = (path: string, permission: RoutePermission) =>
  pagedRead(path, DailyDataReadRequest, DailyDataRow, permission);

/** Frozen readings (AMR data): electric meters per meter (daily, monthly, hourly), water and gas. */
export const DAILY_DATA_API = {
  meterRead: electric(DAILY_DATA_PATHS.meterRead, ELECTRIC),
  meterReadMonthly: electric(DAILY_DATA_PATHS.meterReadMonthly, [ELECTRIC, MONTHLY]),
  /** Hourly readings (the Hourly row action). */
  meterReadMore: electric(DAILY_DATA_PATHS.meterReadMore, ELECTRIC),
  read: water(DAILY_DATA_PATHS.read, WATER),
  /** Every stored daily reading (water meters report daily). */
  waterReadMore: water(DAILY_DATA_PATHS.waterReadMore, WATER),
  waterReadMonthly: water(DAILY_DATA_PATHS.waterReadMonthly, [WATER, MONTHLY]),
};

export const ALARM_API = {
  read: pagedRead(ALARM_PATHS.read, AlarmReadRequest, AlarmRow, ALARM),
  acknowledge: defineEndpoint({
    path: ALARM_PATHS.acknowledge,
    request: writeBody(AlarmAcknowledgeRequest),
    result: z.array(AlarmRow),
    permission: ALARM,
  }),
};

export const COLLECTION_API = {
  recollect: defineEndpoint({
    path: COLLECTION_PATHS.recollect,
    request: RecollectRequest,
    result: RecollectResult,
    permission: RECOLLECT_PERMISSION,
  }),
  jobs: defineEndpoint({
    path: COLLECTION_PATHS.jobs,
    request: CollectionJobsRequest,
    result: z.array(CollectionJobRow),
    permission: [ELECTRIC, RECOLLECT_PERMISSION],
  }),
};

/** The dashboard is every signed-in user's home page; its figures are scoped to the user's station. */
export const DASHBOARD_API = {
  panelGroup: defineEndpoint({
    path: DASHBOARD_PATHS.panelGroup,
    result: PanelGroup,
    permission: AUTHENTICATED,
  }),
  lineChart: defineEndpoint({
    path: DASHBOARD_PATHS.lineChart,
    request: LineChartRequest,
    result: LineChart,
    permission: AUTHENTICATED,
  }),
};

/** The four prepay reports (each also has an export) and the Debt Situation row's detail. */
export const PREPAY_REPORT_API = {
  longNonpurchase: defineEndpoint({
    path: PREPAY_REPORT_PATHS.longNonpurchase,
    request: LongNonpurchaseRequest,
    result: reportPage(LongNonpurchaseRow),
    permission: 'PrepayReport.LongNonpurchaseSituation',
  }),
  lowPurchase: defineEndpoint({
    path: PREPAY_REPORT_PATHS.lowPurchase,
    request: LowPurchaseRequest,
    result: reportPage(LowPurchaseRow),
    permission: 'PrepayReport.LowPurchaseSituation',
  }),
  debtSituation: defineEndpoint({
    path: PREPAY_REPORT_PATHS.debtSituation,
    request: DebtSituationRequest,
    result: reportPage(DebtSituationRow),
    permission: 'PrepayReport.DebtSituation',
  }),
  consumptionStatistics: defineEndpoint({
    path: PREPAY_REPORT_PATHS.consumptionStatistics,
    request: ConsumptionStatisticsRequest,
    result: reportPage(ConsumptionRow),
    permission: 'PrepayReport.ConsumptionStatistics',
  }),
  debtPayments: pagedRead(
    PREPAY_REPORT_PATHS.debtPayments,
    DebtPaymentsRequest,
    DebtPaymentRow,
    'PrepayReport.DebtSituation',
  ),
};

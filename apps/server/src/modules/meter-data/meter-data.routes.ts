import {
  ALARM_PATHS,
  AlarmAcknowledgeRequest,
  AlarmReadRequest,
  AlarmRow,
  DAILY_DATA_PATHS,
  DailyDataMeterReadRequest,
  DailyDataMeterRow,
  DailyDataReadRequest,
  DailyDataRow,
  HourlyFeedQuery,
  page,
  type RoutePermission,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineFeedRoute, defineRoute, type RouteDef, type SessionUser } from '../../http/route.js';
import { createMeterDataService, type MeterDataService } from './meter-data.service.js';
import { exportRoute } from './report-export.js';

const ELECTRIC = 'AutomaticMeterReading.DailyDataMeter' as const;
const WATER = 'AutomaticMeterReading.DailyData' as const;
const MONTHLY = 'AutomaticMeterReading.MonthlyData' as const;
const ALARM = 'AutomaticMeterReading.Alarm' as const;

export const DAILY_DATA_METER_COLUMNS = Object.keys(DailyDataMeterRow.shape);
export const DAILY_DATA_COLUMNS = Object.keys(DailyDataRow.shape);

/** One paged grid read: who may read it, what it shows, and the service step that answers it. */
type PagedRead<Req extends z.ZodType, Row extends z.ZodType> = [
  permission: RoutePermission,
  summary: string,
  read: (req: z.infer<Req>, user: SessionUser) => Promise<{ total: number; data: z.infer<Row>[] }>,
];

/**
 * The paged reads of one original controller (by path): each answers a page of `row` for a request
 * of `body`; they differ only in who may read, what they show and the step.
 */
function pagedReads<Req extends z.ZodType, Row extends z.ZodType>(
  tag: string,
  body: Req,
  row: Row,
  reads: Record<string, PagedRead<Req, Row>>,
): RouteDef[] {
  return Object.entries(reads).map(([path, [permission, summary, read]]) =>
    defineRoute({
      path,
      permission,
      tag,
      summary,
      body,
      result: page(row),
      handler: (b, ctx) => read(b, ctx.user),
    }),
  );
}

export function meterDataRoutes(
  deps: Deps,
  data: MeterDataService = createMeterDataService(deps),
): RouteDef[] {
  return [
    ...pagedReads('DailyDataMeter', DailyDataMeterReadRequest, DailyDataMeterRow, {
      [DAILY_DATA_PATHS.meterRead]: [
        ELECTRIC,
        'Interval Data: daily frozen readings per meter',
        data.readDaily,
      ],
      [DAILY_DATA_PATHS.meterReadMonthly]: [
        [ELECTRIC, MONTHLY],
        'Monthly Data: settlement-day frozen readings per meter',
        data.readMonthly,
      ],
      [DAILY_DATA_PATHS.meterReadMore]: [
        ELECTRIC,
        'Hourly readings (the Hourly row action)',
        data.readHourly,
      ],
    }),
    ...pagedReads('DailyData', DailyDataReadRequest, DailyDataRow, {
      [DAILY_DATA_PATHS.read]: [WATER, 'Interval Data (Water): daily readings', data.readWaterDaily],
      [DAILY_DATA_PATHS.waterReadMore]: [
        WATER,
        'Interval Data (Water): every stored daily reading (water meters report daily)',
        data.readWaterDaily,
      ],
      [DAILY_DATA_PATHS.waterReadMonthly]: [[WATER, MONTHLY], 'Monthly Data (Water)', data.readWaterMonthly],
    }),
    defineRoute({
      path: ALARM_PATHS.read,
      permission: ALARM,
      tag: 'Alarm',
      summary: 'Abnormal alarms (tamper, relay, low credit, offline)',
      body: AlarmReadRequest,
      result: page(AlarmRow),
      handler: (b, ctx) => data.readAlarms(b, ctx.user),
    }),
    defineRoute({
      path: ALARM_PATHS.acknowledge,
      permission: ALARM,
      tag: 'Alarm',
      summary: 'Acknowledge alarms',
      body: writeBody(AlarmAcknowledgeRequest),
      result: z.array(AlarmRow),
      handler: (b, ctx) => data.acknowledgeAlarms(ctx, b),
    }),
    ...meterDataExports(deps, data),
    hourlyFeedRoute(data),
  ];
}

/** The electric grids' flags read as words from these dictionaries (export-labels.ts). */
const ELECTRIC_VALUES = {
  status: 'checkStatus',
  relayOpen: 'relay',
  terminalCoverOpen: 'relay',
  coverOpen: 'relay',
};

/** The grids' downloads (.xlsx, every page of the grid's filter). */
function meterDataExports(deps: Deps, data: MeterDataService): RouteDef[] {
  const electric = {
    body: DailyDataMeterReadRequest,
    columns: DAILY_DATA_METER_COLUMNS,
    values: ELECTRIC_VALUES,
  };
  return [
    exportRoute(deps, {
      ...electric,
      path: DAILY_DATA_PATHS.meterExport,
      permission: ELECTRIC,
      title: 'Interval Data',
      read: (b, ctx) => data.readDaily(b, ctx.user),
    }),
    exportRoute(deps, {
      ...electric,
      path: DAILY_DATA_PATHS.meterMonthlyExport,
      permission: MONTHLY,
      title: 'Monthly Data',
      read: (b, ctx) => data.readMonthly(b, ctx.user),
    }),
    exportRoute(deps, {
      path: DAILY_DATA_PATHS.export,
      permission: WATER,
      title: 'Interval Data (Water)',
      body: DailyDataReadRequest,
      columns: DAILY_DATA_COLUMNS,
      read: (b, ctx) => data.readWaterDaily(b, ctx.user),
    }),
    exportRoute(deps, {
      path: ALARM_PATHS.export,
      permission: ALARM,
      title: 'Alarms',
      body: AlarmReadRequest,
      columns: Object.keys(AlarmRow.shape),
      read: (b, ctx) => data.readAlarms(b, ctx.user),
    }),
  ];
}

/** The hourly readings feed: an answer with errors (a FROM that is not a date-time) is a 400. */
const hourlyFeedRoute = (data: MeterDataService) =>
  defineFeedRoute({
    kind: 'feed',
    path: DAILY_DATA_PATHS.meterReadHourly,
    permission: ELECTRIC,
    tag: 'DailyDataMeter',
    summary: 'Hourly readings feed (no envelope)',
    query: HourlyFeedQuery,
    handler: async (query, ctx, reply) => {
      const feed = await data.hourlyFeed(query, ctx.user);
      return reply.code(feed.errors.length ? 400 : 200).send(feed);
    },
  });

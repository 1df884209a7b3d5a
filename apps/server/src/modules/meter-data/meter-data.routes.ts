import {
  ALARM_API,
  ALARM_PATHS,
  AlarmReadRequest,
  AlarmRow,
  DAILY_DATA_API,
  DAILY_DATA_PATHS,
  DailyDataMeterReadRequest,
  DailyDataMeterRow,
  DailyDataReadRequest,
  DailyDataRow,
  type Endpoint,
  FEED_API,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import {
  type AnswerOf,
  type BodyOf,
  defineFeedRoute,
  defineRoute,
  type RouteDef,
  routeGroup,
  type SessionUser,
} from '../../http/route.js';
import { createMeterDataService, type MeterDataService } from './meter-data.service.js';
import { exportRoute } from './report-export.js';

const ELECTRIC = 'AutomaticMeterReading.DailyDataMeter' as const;
const WATER = 'AutomaticMeterReading.DailyData' as const;
const MONTHLY = 'AutomaticMeterReading.MonthlyData' as const;
const ALARM = 'AutomaticMeterReading.Alarm' as const;

export const DAILY_DATA_METER_COLUMNS = Object.keys(DailyDataMeterRow.shape);
export const DAILY_DATA_COLUMNS = Object.keys(DailyDataRow.shape);

/** One paged grid read: its endpoint, what it shows, and the service step that answers it. */
type PagedRead<E extends Endpoint> = [
  endpoint: E,
  summary: string,
  read: (req: BodyOf<E>, user: SessionUser) => Promise<AnswerOf<E>>,
];

/**
 * The paged reads of one original controller: each answers a page of its rows for the same request;
 * they differ only in who may read, what they show and the step.
 */
function pagedReads<E extends Endpoint>(tag: string, reads: PagedRead<E>[]): RouteDef[] {
  return reads.map(([endpoint, summary, read]) =>
    defineRoute({
      endpoint,
      tag,
      summary,
      handler: (b, ctx) => read(b, ctx.user),
    }),
  );
}

const alarm = routeGroup({ tag: 'Alarm' });

export function meterDataRoutes(
  deps: Deps,
  data: MeterDataService = createMeterDataService(deps),
): RouteDef[] {
  return [
    ...pagedReads('DailyDataMeter', [
      [DAILY_DATA_API.meterRead, 'Interval Data: daily frozen readings per meter', data.readDaily],
      [
        DAILY_DATA_API.meterReadMonthly,
        'Monthly Data: settlement-day frozen readings per meter',
        data.readMonthly,
      ],
      [DAILY_DATA_API.meterReadMore, 'Hourly readings (the Hourly row action)', data.readHourly],
    ]),
    ...pagedReads('DailyData', [
      [DAILY_DATA_API.read, 'Interval Data (Water): daily readings', data.readWaterDaily],
      [
        DAILY_DATA_API.waterReadMore,
        'Interval Data (Water): every stored daily reading (water meters report daily)',
        data.readWaterDaily,
      ],
      [DAILY_DATA_API.waterReadMonthly, 'Monthly Data (Water)', data.readWaterMonthly],
    ]),
    alarm(ALARM_API.read, 'Abnormal alarms (tamper, relay, low credit, offline)', (b, ctx) =>
      data.readAlarms(b, ctx.user),
    ),
    alarm(ALARM_API.acknowledge, 'Acknowledge alarms', (b, ctx) => data.acknowledgeAlarms(ctx, b)),
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
    endpoint: FEED_API.hourly,
    tag: 'DailyDataMeter',
    summary: 'Hourly readings feed (no envelope)',
    handler: async (query, ctx, reply) => {
      const feed = await data.hourlyFeed(query, ctx.user);
      return reply.code(feed.errors.length ? 400 : 200).send(feed);
    },
  });

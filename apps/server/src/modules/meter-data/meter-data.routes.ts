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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf, defineRoute, type RouteDef, type SessionUser } from '../../http/route.js';
import { createMeterDataService, type MeterDataService } from './meter-data.service.js';
import { registerExport } from './report-export.js';

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
  ];
}

/** The electric grids' flags read as words from these dictionaries (export-labels.ts). */
const ELECTRIC_VALUES = {
  status: 'checkStatus',
  relayOpen: 'relay',
  terminalCoverOpen: 'relay',
  coverOpen: 'relay',
};

export function registerMeterDataExtras(
  app: FastifyInstance,
  deps: Deps,
  data: MeterDataService = createMeterDataService(deps),
): void {
  const electric = {
    body: DailyDataMeterReadRequest,
    columns: DAILY_DATA_METER_COLUMNS,
    values: ELECTRIC_VALUES,
  };
  registerExport(app, deps, {
    ...electric,
    path: DAILY_DATA_PATHS.meterExport,
    permission: ELECTRIC,
    title: 'Interval Data',
    read: (b, ctx) => data.readDaily(b, ctx.user),
  });
  registerExport(app, deps, {
    ...electric,
    path: DAILY_DATA_PATHS.meterMonthlyExport,
    permission: MONTHLY,
    title: 'Monthly Data',
    read: (b, ctx) => data.readMonthly(b, ctx.user),
  });
  registerExport(app, deps, {
    path: DAILY_DATA_PATHS.export,
    permission: WATER,
    title: 'Interval Data (Water)',
    body: DailyDataReadRequest,
    columns: DAILY_DATA_COLUMNS,
    read: (b, ctx) => data.readWaterDaily(b, ctx.user),
  });
  registerExport(app, deps, {
    path: ALARM_PATHS.export,
    permission: ALARM,
    title: 'Alarms',
    body: AlarmReadRequest,
    columns: Object.keys(AlarmRow.shape),
    read: (b, ctx) => data.readAlarms(b, ctx.user),
  });
  app.get(
    DAILY_DATA_PATHS.meterReadHourly,
    {
      config: { permission: ELECTRIC },
      schema: {
        tags: ['DailyDataMeter'],
        summary: 'Hourly readings feed (no envelope)',
        querystring: HourlyFeedQuery,
      },
    },
    async (request, reply) => {
      const parsed = HourlyFeedQuery.safeParse(request.query);
      if (!parsed.success) {
        return reply.code(400).send({
          total: 0,
          offset: 0,
          pageLimit: 0,
          readings: [],
          errors: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        });
      }
      const feed = await data.hourlyFeed(parsed.data, contextOf(request).user);
      return reply.code(feed.errors.length ? 400 : 200).send(feed);
    },
  );
}

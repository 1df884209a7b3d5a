import {
  AlarmAcknowledgeRequest,
  AlarmReadRequest,
  AlarmRow,
  DailyDataMeterReadRequest,
  DailyDataMeterRow,
  DailyDataReadRequest,
  DailyDataRow,
  HourlyFeedQuery,
  page,
  writeBody,
} from '@prepay/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf, defineRoute, type RouteDef } from '../../http/route.js';
import { createMeterDataService, type MeterDataService } from './meter-data.service.js';
import { registerExport } from './report-export.js';

const ELECTRIC = 'AutomaticMeterReading.DailyDataMeter' as const;
const WATER = 'AutomaticMeterReading.DailyData' as const;
const MONTHLY = 'AutomaticMeterReading.MonthlyData' as const;
const ALARM = 'AutomaticMeterReading.Alarm' as const;

export const DAILY_DATA_METER_COLUMNS = Object.keys(DailyDataMeterRow.shape);
export const DAILY_DATA_COLUMNS = Object.keys(DailyDataRow.shape);

export function meterDataRoutes(
  deps: Deps,
  data: MeterDataService = createMeterDataService(deps),
): RouteDef[] {
  const tag = 'DailyDataMeter';
  return [
    defineRoute({
      path: '/api/DailyDataMeter/read',
      permission: ELECTRIC,
      tag,
      summary: 'Interval Data: daily frozen readings per meter',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => data.readDaily(b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyDataMeter/readMonthly',
      permission: [ELECTRIC, MONTHLY],
      tag,
      summary: 'Monthly Data: settlement-day frozen readings per meter',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => data.readMonthly(b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyDataMeter/readMore',
      permission: ELECTRIC,
      tag,
      summary: 'Hourly readings (the Hourly row action)',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => data.readHourly(b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/read',
      permission: WATER,
      tag: 'DailyData',
      summary: 'Interval Data (Water): daily readings',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => data.readWaterDaily(b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/readMore',
      permission: WATER,
      tag: 'DailyData',
      summary: 'Interval Data (Water): every stored daily reading (water meters report daily)',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => data.readWaterDaily(b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/readMonthly',
      permission: [WATER, MONTHLY],
      tag: 'DailyData',
      summary: 'Monthly Data (Water)',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => data.readWaterMonthly(b, ctx.user),
    }),
    defineRoute({
      path: '/api/alarm/read',
      permission: ALARM,
      tag: 'Alarm',
      summary: 'Abnormal alarms (tamper, relay, low credit, offline)',
      body: AlarmReadRequest,
      result: page(AlarmRow),
      handler: (b, ctx) => data.readAlarms(b, ctx.user),
    }),
    defineRoute({
      path: '/api/alarm/acknowledge',
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
    path: '/api/DailyDataMeter',
    permission: ELECTRIC,
    title: 'Interval Data',
    read: (b, ctx) => data.readDaily(b, ctx.user),
  });
  registerExport(app, deps, {
    ...electric,
    path: '/api/DailyDataMeter/readMonthly',
    permission: MONTHLY,
    title: 'Monthly Data',
    read: (b, ctx) => data.readMonthly(b, ctx.user),
  });
  registerExport(app, deps, {
    path: '/api/DailyData',
    permission: WATER,
    title: 'Interval Data (Water)',
    body: DailyDataReadRequest,
    columns: DAILY_DATA_COLUMNS,
    read: (b, ctx) => data.readWaterDaily(b, ctx.user),
  });
  registerExport(app, deps, {
    path: '/api/alarm',
    permission: ALARM,
    title: 'Alarms',
    body: AlarmReadRequest,
    columns: Object.keys(AlarmRow.shape),
    read: (b, ctx) => data.readAlarms(b, ctx.user),
  });
  app.get(
    '/api/DailyDataMeter/readHourly',
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

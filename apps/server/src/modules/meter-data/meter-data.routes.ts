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
import { meterDailyData, meterMonthlyData, waterDailyData, waterMonthlyData } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { contextOf, defineRoute, type RouteDef } from '../../http/route.js';
import { acknowledgeAlarms, readAlarms } from './alarms.repo.js';
import { readHourlyFeed } from './hourly-feed.js';
import { readElectric, readHourlyRows, readWater } from './meter-data.repo.js';
import { registerExport } from './report-export.js';

const ELECTRIC = 'AutomaticMeterReading.DailyDataMeter' as const;
const WATER = 'AutomaticMeterReading.DailyData' as const;
const MONTHLY = 'AutomaticMeterReading.MonthlyData' as const;
const ALARM = 'AutomaticMeterReading.Alarm' as const;

export const DAILY_DATA_METER_COLUMNS = Object.keys(DailyDataMeterRow.shape);
export const DAILY_DATA_COLUMNS = Object.keys(DailyDataRow.shape);

export function meterDataRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const tag = 'DailyDataMeter';
  return [
    defineRoute({
      path: '/api/DailyDataMeter/read',
      permission: ELECTRIC,
      tag,
      summary: 'Interval Data: daily frozen readings per meter',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => readElectric(db, meterDailyData, b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyDataMeter/readMonthly',
      permission: [ELECTRIC, MONTHLY],
      tag,
      summary: 'Monthly Data: settlement-day frozen readings per meter',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => readElectric(db, meterMonthlyData, b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyDataMeter/readMore',
      permission: ELECTRIC,
      tag,
      summary: 'Hourly readings (the Hourly row action)',
      body: DailyDataMeterReadRequest,
      result: page(DailyDataMeterRow),
      handler: (b, ctx) => readHourlyRows(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/read',
      permission: WATER,
      tag: 'DailyData',
      summary: 'Interval Data (Water): daily readings',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => readWater(db, waterDailyData, b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/readMore',
      permission: WATER,
      tag: 'DailyData',
      summary: 'Interval Data (Water): every stored daily reading (water meters report daily)',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => readWater(db, waterDailyData, b, ctx.user),
    }),
    defineRoute({
      path: '/api/DailyData/readMonthly',
      permission: [WATER, MONTHLY],
      tag: 'DailyData',
      summary: 'Monthly Data (Water)',
      body: DailyDataReadRequest,
      result: page(DailyDataRow),
      handler: (b, ctx) => readWater(db, waterMonthlyData, b, ctx.user),
    }),
    defineRoute({
      path: '/api/alarm/read',
      permission: ALARM,
      tag: 'Alarm',
      summary: 'Abnormal alarms (tamper, relay, low credit, offline)',
      body: AlarmReadRequest,
      result: page(AlarmRow),
      handler: (b, ctx) => readAlarms(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/alarm/acknowledge',
      permission: ALARM,
      tag: 'Alarm',
      summary: 'Acknowledge alarms',
      body: writeBody(AlarmAcknowledgeRequest),
      result: z.array(AlarmRow),
      handler: (b, ctx) => acknowledgeAlarms(db, ctx, b, deps.clock.now()),
    }),
  ];
}

export function registerMeterDataExtras(app: FastifyInstance, deps: Deps): void {
  const { db } = deps.database;
  registerExport(app, deps, {
    path: '/api/DailyDataMeter',
    permission: ELECTRIC,
    title: 'Interval Data',
    body: DailyDataMeterReadRequest,
    columns: DAILY_DATA_METER_COLUMNS,
    values: { status: 'checkStatus', relayOpen: 'relay', terminalCoverOpen: 'relay', coverOpen: 'relay' },
    read: (b, ctx) => readElectric(db, meterDailyData, b, ctx.user),
  });
  registerExport(app, deps, {
    path: '/api/DailyDataMeter/readMonthly',
    permission: MONTHLY,
    title: 'Monthly Data',
    body: DailyDataMeterReadRequest,
    columns: DAILY_DATA_METER_COLUMNS,
    values: { status: 'checkStatus', relayOpen: 'relay', terminalCoverOpen: 'relay', coverOpen: 'relay' },
    read: (b, ctx) => readElectric(db, meterMonthlyData, b, ctx.user),
  });
  registerExport(app, deps, {
    path: '/api/DailyData',
    permission: WATER,
    title: 'Interval Data (Water)',
    body: DailyDataReadRequest,
    columns: DAILY_DATA_COLUMNS,
    read: (b, ctx) => readWater(db, waterDailyData, b, ctx.user),
  });
  registerExport(app, deps, {
    path: '/api/alarm',
    permission: ALARM,
    title: 'Alarms',
    body: AlarmReadRequest,
    columns: Object.keys(AlarmRow.shape),
    read: (b, ctx) => readAlarms(db, b, ctx.user),
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
      const feed = await readHourlyFeed(db, parsed.data, contextOf(request).user);
      return reply.code(feed.errors.length ? 400 : 200).send(feed);
    },
  );
}

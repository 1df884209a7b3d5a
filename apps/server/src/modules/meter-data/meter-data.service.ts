import type {
  AlarmAcknowledgeRequest,
  AlarmReadRequest,
  AlarmRow,
  DailyDataMeterReadRequest,
  DailyDataReadRequest,
  HourlyFeedQuery,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { lockAlarm, markAcknowledged, readAlarms, toAlarmRow } from './alarms.repo.js';
import { readHourlyFeed } from './hourly-feed.repo.js';
import { readElectric, readHourlyRows, readingTables, readWater } from './meter-data.repo.js';

/** The AMR data grids (daily, monthly, hourly; electric and water) and the alarms raised from them. */
export function createMeterDataService(deps: Deps) {
  const { db } = deps.database;

  /** Acknowledges alarms (all or nothing); a later abnormal reading opens a new alarm. */
  async function acknowledgeAlarms(ctx: UserContext, body: AlarmAcknowledgeRequest[]): Promise<AlarmRow[]> {
    const ids = body.map((b) => b.id);
    if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
    const now = deps.clock.now();
    return db.transaction(async (tx) => {
      const out: AlarmRow[] = [];
      for (const b of body) {
        const before = await lockAlarm(tx, b.id);
        if (!before || (!ctx.user.isSystemAdmin && before.a.stationId !== ctx.user.stationId)) {
          throw refuse(`Alarm ${b.id} not found`);
        }
        if (before.a.acknowledged) throw refuse(`Alarm ${b.id} is already acknowledged`);
        const ack = { userId: ctx.user.userId, now, remark: b.remark ?? null };
        const view = (await markAcknowledged(tx, b.id, ack)) ?? toAlarmRow(before);
        await writeAudit(tx, ctx.actor, {
          title: 'Alarm',
          action: 'Acknowledge',
          before: toAlarmRow(before),
          after: view,
        });
        out.push(view);
      }
      return out;
    });
  }

  return {
    readDaily: (b: DailyDataMeterReadRequest, user: SessionUser) =>
      readElectric(db, readingTables.electricDaily, b, user),
    readMonthly: (b: DailyDataMeterReadRequest, user: SessionUser) =>
      readElectric(db, readingTables.electricMonthly, b, user),
    readHourly: (b: DailyDataMeterReadRequest, user: SessionUser) => readHourlyRows(db, b, user),
    hourlyFeed: (query: z.infer<typeof HourlyFeedQuery>, user: SessionUser) =>
      readHourlyFeed(db, query, user),
    readWaterDaily: (b: DailyDataReadRequest, user: SessionUser) =>
      readWater(db, readingTables.waterDaily, b, user),
    readWaterMonthly: (b: DailyDataReadRequest, user: SessionUser) =>
      readWater(db, readingTables.waterMonthly, b, user),
    readAlarms: (b: AlarmReadRequest, user: SessionUser) => readAlarms(db, b, user),
    acknowledgeAlarms,
  };
}

export type MeterDataService = ReturnType<typeof createMeterDataService>;

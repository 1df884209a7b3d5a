import type {
  CollectionJobRow,
  CollectionJobsRequest,
  RecollectRequest,
  RecollectResult,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { assertStation } from '../../kernel/station-guard.js';
import { formatDateTime } from '../../lib/dates.js';
import { invalid, notFound, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { DAILY_FREEZES_READ, SETTLEMENTS_READ } from '../dlt645-item/index.js';
import * as repo from './collection.repo.js';
import { addDays, addMonths, daysBetween, monthStart, monthsBetween, today } from './collection-days.js';

export const toJobRow = (j: repo.CollectionJob): CollectionJobRow => ({
  meterId: j.meterId,
  kind: j.kind,
  period: j.period,
  status: j.status,
  attempts: j.attempts,
  reason: j.reason,
  requestedBy: j.requestedBy,
  updateDate: formatDateTime(j.updateDate),
});

/** The periods a request names, checked against what a meter still keeps. */
function periodsOf(r: RecollectRequest, day: string): string[] {
  const endField = [{ path: 'endDate', message: `must be before today (${day})` }];
  if (r.endDate >= day) throw invalid('Only finished days can be collected', endField);
  if (r.kind === 'monthly') {
    const periods: string[] = [];
    for (let p = monthStart(r.startDate); p <= r.endDate; p = addMonths(p, 1)) periods.push(p);
    if (monthsBetween(periods[0] ?? day, monthStart(day)) + 1 > SETTLEMENTS_READ) {
      throw invalid(`A meter keeps ${SETTLEMENTS_READ} settlement records`, [
        { path: 'startDate', message: `at most ${SETTLEMENTS_READ} months back` },
      ]);
    }
    return periods;
  }
  if (daysBetween(r.startDate, day) > DAILY_FREEZES_READ) {
    throw invalid(`Days older than ${DAILY_FREEZES_READ} days are no longer in the meter`, [
      { path: 'startDate', message: `on or after ${addDays(day, -DAILY_FREEZES_READ)}` },
    ]);
  }
  const days: string[] = [];
  for (let d = r.startDate; d <= r.endDate; d = addDays(d, 1)) days.push(d);
  return days;
}

export function createCollectionService(deps: Deps, onQueued: () => void) {
  const { db } = deps.database;

  /** An operator's re-collection: the periods go (back) to the queue; the scheduler reads them again. */
  async function recollect(ctx: UserContext, r: RecollectRequest): Promise<RecollectResult> {
    const now = deps.clock.now();
    const periods = periodsOf(r, today(now));
    const meter = await repo.findMeter(db, r.meterId);
    if (!meter) throw notFound(`meter ${r.meterId}`);
    assertStation(ctx.user, meter.stationId);
    const reachable = meter.communicationWay === 0 || (meter.communicationWay === 1 && meter.devEui);
    const collected = Object.values(repo.COLLECTED_TYPES).some((type) => type === meter.type);
    if (!collected || !reachable || !/^\d{1,12}$/.test(meter.meterId)) {
      throw refuse(`meter ${r.meterId} is not a communicating electricity or water meter`);
    }
    const jobs = await db.transaction(async (tx) => {
      const rows = await repo.requeue(
        tx,
        periods.map((period) => ({
          meterId: meter.meterId,
          kind: r.kind,
          period,
          stationId: meter.stationId,
        })),
        ctx.user.userId,
        now,
      );
      await writeAudit(tx, ctx.actor, {
        title: 'Collection',
        action: 'Recollect',
        content: `${r.kind} ${meter.meterId} ${r.startDate}…${r.endDate}: ${rows.length} period(s)`,
        after: rows.map((j) => ({ period: j.period, kind: j.kind, status: j.status })),
      });
      return rows;
    });
    onQueued();
    return { queued: jobs.length, jobs: jobs.map(toJobRow) };
  }

  async function jobs(ctx: UserContext, r: CollectionJobsRequest): Promise<CollectionJobRow[]> {
    const meter = await repo.findMeter(db, r.meterId);
    if (!meter) throw notFound(`meter ${r.meterId}`);
    assertStation(ctx.user, meter.stationId);
    const day = today(deps.clock.now());
    const rows = await repo.jobsOf(
      db,
      r.meterId,
      r.startDate ?? addMonths(day, -SETTLEMENTS_READ),
      r.endDate ?? day,
    );
    return rows.map(toJobRow);
  }

  return { recollect, jobs };
}
export type CollectionService = ReturnType<typeof createCollectionService>;

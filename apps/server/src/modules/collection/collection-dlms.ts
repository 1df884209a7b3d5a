import { formatDateTime, HOUR_MS, hourStart } from '../../lib/dates.js';
import * as repo from './collection.repo.js';
import type { CollectionRun } from './collection.scheduler.js';

const LOAD_PROFILE = '1.0.99.1.0.255';
const BATCH = 200;

/**
 * DLMS meters keep their own hourly load profile, so nothing has to be read on the hour: each sweep,
 * every DLMS meter whose profile holds hours not stored yet gets one reading task on its catalogue's load
 * profile for the range from the hour after its newest stored one (or the look-back window's start) to
 * now. The head-end stores what the meter answers in the hourly table; a read that fails is asked again
 * at the next sweep, from the same hour.
 */
export async function planDlmsProfiles(run: CollectionRun, now: Date): Promise<number> {
  const hour = hourStart(now);
  const due = await repo.dlmsProfilesDue(run.db, LOAD_PROFILE, hour);
  const oldest = hour.getTime() - run.config.lookbackDays * 24 * HOUR_MS;
  const rows = due.map((m) => {
    const from = new Date(m.last ? m.last.getTime() + HOUR_MS : oldest);
    return {
      meterId: m.meterId,
      protocolId: m.dlmsId,
      data: `${formatDateTime(from)},${formatDateTime(now)}`,
    };
  });
  let queued = 0;
  for (let i = 0; i < rows.length; i += BATCH) queued += await queue(run, rows.slice(i, i + BATCH));
  return queued;
}

type Read = { meterId: string; protocolId: number; data: string };

/** One create request for a batch; if the service refuses it, meter by meter so one bad meter fails alone. */
async function queue(run: CollectionRun, batch: Read[]): Promise<number> {
  try {
    return (await run.tasks.createGprs(run.ctx, 'reading', batch)).length;
  } catch {
    let n = 0;
    for (const r of batch)
      n += await run.tasks.createGprs(run.ctx, 'reading', [r]).then(
        (c) => c.length,
        () => 0,
      );
    return n;
  }
}

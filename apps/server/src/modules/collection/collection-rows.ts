import type { NewDailyRow, NewHourlyRow, NewWaterRow } from '../meter-data/index.js';
import type { CollectionJob } from './collection.repo.js';
import { addDays } from './collection-days.js';
import {
  batteryPercentOf,
  diOfFlag,
  freezeDay,
  type ItemRead,
  relayOpenOf,
  replyValue,
  tenths,
  valveOf,
} from './collection-decode.js';

/** A finished reading task as collection needs it: its item (flag and catalogue format) and reply frames. */
export interface DoneTask {
  flag: string | null;
  format: string | null;
  receiveFrames: readonly string[] | null;
}

export class CollectionDataError extends Error {}

function reader(job: CollectionJob, tasks: Record<string, DoneTask>) {
  return (role: string): ItemRead | null => {
    const t = tasks[role];
    if (!t) return null;
    if (!t.format) throw new CollectionDataError(`the ${role} item has no format in the catalogue`);
    return { format: t.format, value: replyValue(job.meterId, diOfFlag(t.flag ?? ''), t.receiveFrames) };
  };
}

/**
 * A daily (or monthly) row from the answers: totals from the frozen energy, the usage against the
 * record before it (read with it, or the stored row of the day before), credit and relay when read.
 * A daily record whose freeze time is not the next midnight belongs to another day: refused, so a
 * meter with a wrong clock never files its data under the wrong date.
 */
export function periodRow(
  job: CollectionJob,
  tasks: Record<string, DoneTask>,
  storedPrevious: number | null,
): NewDailyRow {
  const { read, register: energy } = frozenRead(job, tasks, 'no energy was read');
  const total1 = tenths(energy);
  const previous = read('previous');
  const before = previous ? tenths(previous) : storedPrevious;
  const credit = read('credit');
  const status = read('status');
  const relayOpen = status ? relayOpenOf(status) : null;
  return {
    ...dayOf(job),
    total1,
    usage1: before === null ? null : total1 - before,
    remain1: credit ? tenths(credit) : null,
    relayOpen,
    // "Check" when a flag is set or the state was not read (an older day: only its registers are kept).
    status: relayOpen === null ? null : relayOpen,
    ...provenance(job),
  };
}

/** The job's frozen register (required: `missing` says so) checked against its day, and its other reads. */
function frozenRead(job: CollectionJob, tasks: Record<string, DoneTask>, missing: string) {
  const read = reader(job, tasks);
  checkFreezeDay(job, read('time'));
  const register = read('energy');
  if (!register) throw new CollectionDataError(missing);
  return { read, register };
}

/** Which meter and day a period row is. */
const dayOf = (job: CollectionJob) => ({
  meterId: job.meterId,
  currentDate: job.period,
  stationId: job.stationId,
});

/** A collected row, and who asked for it when it was not the scheduler. */
const provenance = (job: CollectionJob) => ({
  source: 'collected' as const,
  remark: job.requestedBy === 'scheduler' ? null : `re-collected for ${job.requestedBy}`,
});

/** A daily record whose freeze time is not the next midnight belongs to another day. */
function checkFreezeDay(job: CollectionJob, time: ItemRead | null) {
  if (!time) return;
  const frozen = freezeDay(time);
  if (frozen !== addDays(job.period, 1)) {
    throw new CollectionDataError(
      `the meter's freeze is dated ${frozen}, not ${addDays(job.period, 1)} (check the meter clock)`,
    );
  }
}

/**
 * A water meter's daily (or monthly) row: the total from the frozen register (0.1 m³); recharge, remain,
 * valve and battery when the meter's state was read with it (yesterday only: older days keep registers).
 * The meter reports no magnetic-interference flag over DL/T 645, so that stays unknown.
 */
export function waterRow(job: CollectionJob, tasks: Record<string, DoneTask>): NewWaterRow {
  const { read, register: volume } = frozenRead(job, tasks, 'no volume was read');
  const recharge = read('recharge');
  const credit = read('credit');
  const status = read('status');
  const battery = read('battery');
  const valve = status ? valveOf(status) : null;
  return {
    ...dayOf(job),
    total: tenths(volume),
    totalRecharge: recharge ? tenths(recharge) : null,
    remain: credit ? tenths(credit) : null,
    valveStatus: valve?.open ?? null,
    valveError: valve?.error ?? null,
    magneticInterference: null,
    batteryPercentage: battery ? batteryPercentOf(battery) : null,
    ...provenance(job),
  };
}

export function hourlyRow(
  job: CollectionJob,
  tasks: Record<string, DoneTask>,
  readingTime: Date,
  storedPrevious: number | null,
): NewHourlyRow {
  const read = reader(job, tasks);
  const energy = read('energy');
  if (!energy) throw new CollectionDataError('no energy was read');
  const total1 = tenths(energy);
  const credit = read('credit');
  return {
    meterId: job.meterId,
    readingTime,
    stationId: job.stationId,
    total1,
    remain1: credit ? tenths(credit) : null,
    usage1: storedPrevious === null ? null : total1 - storedPrevious,
  };
}

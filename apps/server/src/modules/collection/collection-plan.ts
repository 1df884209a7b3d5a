import type { Queryable } from '../../db/client.js';
import {
  BATTERY_FLAG,
  DAILY_FREEZES_READ,
  dailyEnergyFlag,
  dailyTimeFlag,
  RECHARGE_FLAG,
  SETTLEMENTS_READ,
  settlementFlag,
} from '../dlt645-item/index.js';
import * as repo from './collection.repo.js';
import { addDays, addMonths, daysBetween, monthStart, monthsBetween } from './collection-days.js';

/** The reading tasks of one job: each answer's role in the row, and the catalogue flag that reads it. */
export type Plan = { role: string; flag: string }[];

const CREDIT = { role: 'credit', flag: 'E421' };
const STATUS = { role: 'status', flag: 'EFF5' };

/**
 * The reading tasks of one period, or why it cannot be read: which freeze record (n back) holds it
 * depends on today. A water meter keeps the same frozen registers (volume in place of energy) and no
 * usage is derived for it, so it needs no record before; its state is read with yesterday's record.
 */
export async function taskPlan(
  q: Queryable,
  job: repo.CollectionJob,
  day: string,
  meterType: number,
): Promise<Plan | string> {
  if (job.kind === 'hourly') {
    if (job.period !== day) return 'the hour has passed';
    return [{ role: 'energy', flag: '901F' }, CREDIT];
  }
  const water = meterType === repo.COLLECTED_TYPES.water;
  if (job.kind === 'monthly') {
    const n = monthsBetween(job.period, monthStart(day)) + 1;
    if (n < 1 || n > SETTLEMENTS_READ) return `month ${job.period} is not in the meter's settlement records`;
    const previous =
      !water &&
      n < SETTLEMENTS_READ &&
      (await repo.storedTotal(q, 'monthly', job.meterId, addMonths(job.period, -1))) === null;
    return [
      { role: 'energy', flag: settlementFlag(n) },
      ...(previous ? [{ role: 'previous', flag: settlementFlag(n + 1) }] : []),
    ];
  }
  const n = daysBetween(job.period, day);
  if (n < 1) return `day ${job.period} is not over yet`;
  if (n > DAILY_FREEZES_READ) return `day ${job.period} is older than the ${DAILY_FREEZES_READ} freezes read`;
  const frozen = [
    { role: 'time', flag: dailyTimeFlag(n) },
    { role: 'energy', flag: dailyEnergyFlag(n) },
  ];
  // The state now is the state at the end of yesterday, near enough; older days keep only registers.
  if (water)
    return n === 1
      ? [
          ...frozen,
          CREDIT,
          { role: 'recharge', flag: RECHARGE_FLAG },
          STATUS,
          { role: 'battery', flag: BATTERY_FLAG },
        ]
      : frozen;
  const previous =
    n < DAILY_FREEZES_READ &&
    (await repo.storedTotal(q, 'daily', job.meterId, addDays(job.period, -1))) === null;
  return [
    ...frozen,
    ...(previous ? [{ role: 'previous', flag: dailyEnergyFlag(n + 1) }] : []),
    ...(n === 1 ? [CREDIT, STATUS] : []),
  ];
}

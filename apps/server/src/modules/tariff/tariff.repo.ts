import type { TariffReadRequest, TariffRow, TariffStep } from '@prepay/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { type StoredStep, tariffs } from '../../db/schema.js';
import {
  basisPointsToNumber,
  minorToDecimal,
  minorToNumber,
  tenthsToNumber,
  toBasisPoints,
  toMinor,
} from '../../kernel/money.js';
import { auditedSpec, equals, readTable, readWhere } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export type TariffRecord = typeof tariffs.$inferSelect;
export type { StoredStep };

export const tariffSpec = auditedSpec(tariffs, {
  sortable: [
    ['price', tariffs.priceMinor],
    ['tax', tariffs.taxBp],
    ['monthlyCharge', tariffs.monthlyChargeMinor],
    'billingDay',
    'startTime',
    ['startTime_New', tariffs.startTimeNew],
  ],
  defaultOrder: [asc(tariffs.tariffId)],
  search: [tariffs.tariffId, tariffs.tariffName, tariffs.remark],
  station: tariffs.stationId,
  filters: { contains: ['tariffId', 'tariffName', 'remark'] },
});

/** What a tariff charges at a moment: the passive part once its start time has passed. */
export interface EffectiveTariff {
  tariffId: string;
  priceMinor: number;
  taxBp: number;
  steps: StoredStep[];
  monthlyChargeMinor: number;
  billingDay: number;
  startTime: Date | null;
  passiveActivated: boolean;
}

export function effectiveTariff(t: TariffRecord, now: Date): EffectiveTariff {
  const { startTimeNew, priceMinorNew } = t;
  if (startTimeNew === null || priceMinorNew === null || startTimeNew.getTime() > now.getTime()) {
    return {
      tariffId: t.tariffId,
      priceMinor: t.priceMinor,
      taxBp: t.taxBp,
      steps: t.steps,
      monthlyChargeMinor: t.monthlyChargeMinor,
      billingDay: t.billingDay,
      startTime: t.startTime,
      passiveActivated: false,
    };
  }
  return {
    tariffId: t.tariffId,
    priceMinor: priceMinorNew,
    taxBp: t.taxBpNew ?? t.taxBp,
    steps: t.stepsNew ?? t.steps,
    monthlyChargeMinor: t.monthlyChargeMinorNew ?? t.monthlyChargeMinor,
    billingDay: t.billingDayNew ?? t.billingDay,
    startTime: t.startTimeNew,
    passiveActivated: true,
  };
}

const stepsToWire = (steps: StoredStep[]): TariffStep[] =>
  steps.map((s) => ({
    start: tenthsToNumber(s.start),
    end: s.end === null ? null : tenthsToNumber(s.end),
    price: minorToNumber(s.price),
  }));

/** The row as the grid shows it, resolved against the clock (active, and the passive still pending). */
export function toTariffRow(t: TariffRecord, now: Date): TariffRow {
  const e = effectiveTariff(t, now);
  const pending = !e.passiveActivated && t.startTimeNew !== null;
  return {
    tariffId: t.tariffId,
    tariffName: t.tariffName,
    price: minorToDecimal(e.priceMinor),
    tax: basisPointsToNumber(e.taxBp),
    steps: stepsToWire(e.steps),
    monthlyCharge: minorToNumber(e.monthlyChargeMinor),
    billingDay: e.billingDay,
    startTime: formatDateTime(e.startTime),
    startTime_New: pending ? formatDateTime(t.startTimeNew) : null,
    price_New: pending && t.priceMinorNew !== null ? minorToDecimal(t.priceMinorNew) : null,
    tax_New: pending && t.taxBpNew !== null ? basisPointsToNumber(t.taxBpNew) : null,
    steps_New: pending && t.stepsNew ? stepsToWire(t.stepsNew) : null,
    monthlyCharge_New:
      pending && t.monthlyChargeMinorNew !== null ? minorToNumber(t.monthlyChargeMinorNew) : null,
    billingDay_New: pending ? t.billingDayNew : null,
    passiveActivated: e.passiveActivated,
    stationId: t.stationId,
    remark: t.remark,
    ...auditStamps(t),
  };
}

export async function loadTariffRecords(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return q.select().from(tariffs).where(inArray(tariffs.tariffId, ids));
}

export async function findTariff(q: Queryable, id: string): Promise<TariffRecord | undefined> {
  const [t] = await q.select().from(tariffs).where(eq(tariffs.tariffId, id));
  return t;
}

export function readTariffs(q: Queryable, req: TariffReadRequest, user: SessionUser, now: Date) {
  const price = req.price?.trim();
  const where = readWhere(tariffSpec, req, user, [
    price && /^\d+(\.\d{1,2})?$/.test(price) ? eq(tariffs.priceMinor, toMinor(price)) : undefined,
    req.tax === null || req.tax === undefined ? undefined : equals(tariffs.taxBp, toBasisPoints(req.tax)),
  ]);
  return readTable(q, tariffs, where, tariffSpec, req, (t) => toTariffRow(t, now));
}

export async function insertTariff(q: Queryable, values: typeof tariffs.$inferInsert) {
  await q.insert(tariffs).values(values);
}

export async function updateTariff(
  q: Queryable,
  tariffId: string,
  values: Partial<typeof tariffs.$inferInsert>,
) {
  await q.update(tariffs).set(values).where(eq(tariffs.tariffId, tariffId));
}

export async function deleteTariffs(q: Queryable, ids: string[]) {
  await q.delete(tariffs).where(inArray(tariffs.tariffId, ids));
}

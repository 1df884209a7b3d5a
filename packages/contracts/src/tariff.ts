import { z } from 'zod';
import { AuditFields, DateTime, DateTimeInput, Id, ReadRequestBase, Remark, textFilters } from './common.js';
import { EnergyInput, MoneyInput, PercentInput } from './money.js';

/**
 * One block of a stepped tariff: energy from `start` up to `end` kWh (per billing period) costs `price`
 * per kWh. The first block starts at 0, each next one where the previous ended; the last may be open
 * (end null).
 */
export const TariffStepInput = z.object({
  start: EnergyInput,
  end: EnergyInput.nullish(),
  price: MoneyInput,
});
export const TariffStep = z.object({ start: z.number(), end: z.number().nullable(), price: z.number() });
export type TariffStep = z.infer<typeof TariffStep>;

const Steps = z.array(TariffStepInput).max(20);

/**
 * A tariff has an active part and an optional passive part (`*_New`) that takes over at
 * `startTime_New`. Reads resolve it against the clock: once the passive start time has passed, the
 * passive values are shown (and used) as the active ones and the `*_New` fields are empty.
 */
const TariffWritable = {
  tariffName: z.string().trim().min(1, 'Required').max(128),
  /** Price per kWh (or m³) when no step applies; money, 2 decimals. */
  price: MoneyInput,
  /** VAT in percent. */
  tax: PercentInput.default('0'),
  steps: Steps.default([]),
  /** Charged once per billing period, money. */
  monthlyCharge: MoneyInput.default('0'),
  /** Day of the month a billing period starts, 1–28. */
  billingDay: z.number().int().min(1).max(28).default(1),
  startTime: DateTimeInput.nullish(),
  startTime_New: DateTimeInput.nullish(),
  price_New: MoneyInput.nullish(),
  tax_New: PercentInput.nullish(),
  steps_New: Steps.nullish(),
  monthlyCharge_New: MoneyInput.nullish(),
  billingDay_New: z.number().int().min(1).max(28).nullish(),
  remark: Remark,
  /** Defaults to the caller's station. */
  stationId: Id.nullish(),
};

const passiveNeedsPrice = (t: { startTime_New?: string | null; price_New?: string | null }) =>
  !t.startTime_New || (t.price_New !== null && t.price_New !== undefined);
const passiveMessage = { message: 'A passive tariff needs its price', path: ['price_New'] };

export const TariffCreateRequest = z
  .object({ tariffId: Id, ...TariffWritable })
  .refine(passiveNeedsPrice, passiveMessage);
export type TariffCreateRequest = z.infer<typeof TariffCreateRequest>;
export const TariffUpdateRequest = TariffCreateRequest;
export const TariffImportRequest = TariffCreateRequest;
export const TariffDeleteRequest = z.object({ tariffId: Id });

export const TariffRow = z.object({
  tariffId: z.string(),
  tariffName: z.string(),
  /** As the original: a string, here always with 2 decimals ("350.00"). */
  price: z.string(),
  tax: z.number(),
  steps: z.array(TariffStep),
  monthlyCharge: z.number(),
  billingDay: z.number().int(),
  startTime: DateTime.nullable(),
  startTime_New: DateTime.nullable(),
  price_New: z.string().nullable(),
  tax_New: z.number().nullable(),
  steps_New: z.array(TariffStep).nullable(),
  monthlyCharge_New: z.number().nullable(),
  billingDay_New: z.number().int().nullable(),
  /** True when the stored passive part has reached its start time and is now the active one. */
  passiveActivated: z.boolean(),
  stationId: z.string(),
  ...AuditFields,
});
export type TariffRow = z.infer<typeof TariffRow>;

export const TariffReadRequest = ReadRequestBase.extend({
  ...textFilters('tariffId', 'tariffName', 'price', 'remark'),
  tax: z.number().nullish(),
});
export type TariffReadRequest = z.infer<typeof TariffReadRequest>;

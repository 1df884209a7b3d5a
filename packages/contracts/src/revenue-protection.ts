import { z } from 'zod';
import { IdFilter, ReadRequestBase } from './common.js';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is yyyy-MM-dd');

/** The days a finding covers, both ends included; at most a year and a month. */
export const DayRange = z
  .tuple([Day, Day])
  .refine(([from, to]) => from <= to, 'the range ends before it starts')
  .refine(
    ([from, to]) => (Date.parse(to) - Date.parse(from)) / 86_400_000 <= 400,
    'a range covers at most 400 days',
  );

export const TransformerBalanceRequest = ReadRequestBase.extend({
  days: DayRange,
  transformerId: IdFilter,
  feederId: IdFilter,
  /** Only days whose loss, where it could be computed, is at least this percentage. */
  minLossPercent: z.number().min(-1000).max(100).nullish(),
});
export type TransformerBalanceRequest = z.infer<typeof TransformerBalanceRequest>;

/**
 * One transformer on one day: what its check meter registered against the sum of its customers' meters.
 * Energy in kWh. A day whose check meter or any customer meter has no reading gets no loss: the missing
 * readings are counted, never guessed.
 */
export const TransformerBalanceRow = z.object({
  transformerId: z.string(),
  transformerName: z.string().nullable(),
  feederId: z.string().nullable(),
  readingDate: z.string(),
  checkEnergy: z.number().nullable(),
  customerEnergy: z.number(),
  lossEnergy: z.number().nullable(),
  lossPercent: z.number().nullable(),
  customerMeters: z.number().int(),
  /** Customer meters with no reading that day. */
  missingMeters: z.number().int(),
  /** The check meter has no reading that day (or the transformer has none). */
  checkMissing: z.boolean(),
  stationId: z.string(),
});
export type TransformerBalanceRow = z.infer<typeof TransformerBalanceRow>;

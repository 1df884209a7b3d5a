import { z } from 'zod';
import { DateTime, Day, IdFilter, ReadRequestBase, sameFields } from './common.js';
import { Lang } from './daily-data.js';

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

/** A finding's read: the common members, and the language of its download (English when not sent). */
const FindingReadRequest = ReadRequestBase.extend({ lang: Lang.nullish() });

/** The meter filters every meter finding offers (each "contains", ignoring case). */
const MeterFindingFilters = {
  meterId: IdFilter,
  customerId: IdFilter,
  transformerId: IdFilter,
};

/** The meter a finding row is about: its customer (when an account binds it), transformer and station. */
const FindingMeterColumns = {
  meterId: z.string(),
  customerId: z.string().nullable(),
  transformerId: z.string().nullable(),
  stationId: z.string(),
};

/**
 * What a zero buyer's meter did in the days without a purchase: it reported and registered energy
 * (consuming), reported but registered none (communicating), or sent no daily reading at all (silent).
 */
export const ZeroBuyerState = z.enum(['consuming', 'communicating', 'silent']);
export type ZeroBuyerState = z.infer<typeof ZeroBuyerState>;

export const ZeroBuyersRequest = FindingReadRequest.extend({
  ...MeterFindingFilters,
  /** The last day looked at; yesterday (the server's calendar) when not sent. */
  asOf: Day.nullish(),
  /**
   * Days without an issued purchase, at least, counted to asOf from the last purchase's day (or the
   * account's opening). The meter's readings are read over the same last days up to asOf.
   */
  minDays: z.number().int().min(1).max(400).default(30),
  state: ZeroBuyerState.nullish(),
});
export type ZeroBuyersRequest = z.infer<typeof ZeroBuyersRequest>;

/** An account with no issued purchase for at least minDays, and what its meter did meanwhile (kWh). */
export const ZeroBuyerRow = z.object({
  ...FindingMeterColumns,
  customerId: z.string(),
  /** The last issued credit vend up to asOf; null: never purchased (days then count from the account's opening). */
  lastPurchaseDate: DateTime.nullable(),
  nonpurchaseDays: z.number().int(),
  /** Daily readings in the last minDays days up to asOf, and the energy they registered. */
  readDays: z.number().int(),
  energy: z.number(),
  lastReadingDate: z.string().nullable(),
  state: ZeroBuyerState,
});
export type ZeroBuyerRow = z.infer<typeof ZeroBuyerRow>;

export const BeyondCreditRequest = FindingReadRequest.extend({
  ...MeterFindingFilters,
  /** The last day looked at; yesterday when not sent. */
  asOf: Day.nullish(),
  /** kWh a meter lends once its credit has run out (its emergency credit); 0 when not sent. */
  emergencyCredit: z.number().min(0).max(100_000).nullish(),
});
export type BeyondCreditRequest = z.infer<typeof BeyondCreditRequest>;

/**
 * A meter that registered more energy since its last purchase than the purchase, the credit it had
 * before, and its emergency credit allow (kWh). Energy is summed over the daily readings after the
 * purchase's day up to asOf (at most 400 days); the purchase's own day is left out, and days without a
 * reading are counted in missingDays, never guessed, so the excess is a lower bound.
 */
export const BeyondCreditRow = z.object({
  ...FindingMeterColumns,
  customerId: z.string(),
  lastPurchaseDate: DateTime,
  purchaseEnergy: z.number(),
  /** Credit on the last daily reading in the 31 days before the purchase's day; null: none (taken as 0). */
  creditBefore: z.number().nullable(),
  emergencyCredit: z.number(),
  energySince: z.number(),
  excessEnergy: z.number(),
  readDays: z.number().int(),
  missingDays: z.number().int(),
});
export type BeyondCreditRow = z.infer<typeof BeyondCreditRow>;

/** The tamper conditions a meter's daily reading flags. */
export const TamperFlag = z.enum([
  'coverOpen',
  'terminalCoverOpen',
  'magneticInterference',
  'currentReverse',
  'currentUnbalance',
]);
export type TamperFlag = z.infer<typeof TamperFlag>;

/** Days before the first event whose readings make the "before" average. */
export const TAMPER_BEFORE_DAYS = 30;

export const TamperRequest = FindingReadRequest.extend({
  ...MeterFindingFilters,
  days: DayRange,
  /** Only meters that raised this flag in the range. */
  flag: TamperFlag.nullish(),
  /** Only meters whose daily consumption dropped after the first event by at least this percentage. */
  minDropPercent: z.number().min(-1000).max(100).nullish(),
});
export type TamperRequest = z.infer<typeof TamperRequest>;

/**
 * A meter whose daily readings in the range flagged tampering: the days each flag was raised, and its
 * average daily consumption (kWh) in the 30 days before the first event against the days after it up to
 * the range's end (the event's own day in neither). dropPercent is null when either side has no reading
 * or nothing was consumed before.
 */
export const TamperRow = z.object({
  ...FindingMeterColumns,
  firstEventDate: z.string(),
  lastEventDate: z.string(),
  eventDays: z.number().int(),
  ...sameFields(
    TamperFlag.options.map((flag) => `${flag}Days` as const),
    () => z.number().int(),
  ),
  beforeDaily: z.number().nullable(),
  afterDaily: z.number().nullable(),
  dropPercent: z.number().nullable(),
});
export type TamperRow = z.infer<typeof TamperRow>;

/** Each finding that can raise a suspect. */
export const SuspectFinding = z.enum([
  'tamper',
  'tamperDrop',
  'beyondCredit',
  'zeroBuyerConsuming',
  'zeroBuyerSilent',
  'consumptionDrop',
  'lossyTransformer',
]);
export type SuspectFinding = z.infer<typeof SuspectFinding>;

/**
 * The points each finding adds to a suspect's score. A lossy transformer adds its loss percentage
 * (rounded, at most 30) once the loss reaches SUSPECT_LIMITS.lossPercent.
 */
export const SUSPECT_POINTS = {
  tamper: 30,
  tamperDrop: 20,
  beyondCredit: 25,
  zeroBuyerConsuming: 25,
  zeroBuyerSilent: 10,
  consumptionDrop: 15,
  lossyTransformer: 30,
} as const satisfies Record<SuspectFinding, number>;

/**
 * When a figure counts as evidence: a consumption drop of at least dropPercent (after a tamper event,
 * or the range's daily average against the as long period before it), a transformer loss of at least
 * lossPercent over the range's complete days.
 */
export const SUSPECT_LIMITS = { dropPercent: 30, lossPercent: 5 } as const;

export const SuspectsRequest = FindingReadRequest.extend({
  ...MeterFindingFilters,
  /**
   * The evidence window: tamper events in it, no purchase during it (zero buyer), beyond credit as of
   * its last day, its consumption against the as long period before it, its transformer's loss.
   */
  days: DayRange,
  /** Only meters scoring at least this; every meter with some evidence (score 1) when not sent. */
  minScore: z.number().int().min(0).max(1000).nullish(),
  emergencyCredit: z.number().min(0).max(100_000).nullish(),
});
export type SuspectsRequest = z.infer<typeof SuspectsRequest>;

export const SuspectEvidence = z.object({ finding: SuspectFinding, points: z.number().int() });
export type SuspectEvidence = z.infer<typeof SuspectEvidence>;

/**
 * A meter ranked by the points of the findings that raised it (evidence), with the figure behind each:
 * null where that finding did not raise it.
 */
export const SuspectRow = z.object({
  ...FindingMeterColumns,
  score: z.number().int(),
  evidence: z.array(SuspectEvidence),
  tamperDays: z.number().int().nullable(),
  tamperDropPercent: z.number().nullable(),
  excessEnergy: z.number().nullable(),
  nonpurchaseDays: z.number().int().nullable(),
  zeroBuyerState: ZeroBuyerState.nullable(),
  consumptionDropPercent: z.number().nullable(),
  transformerLossPercent: z.number().nullable(),
});
export type SuspectRow = z.infer<typeof SuspectRow>;

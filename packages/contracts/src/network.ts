import { z } from 'zod';
import { Id, ReadRequestBase, StationRowFields, StationWriteFields, textFilters } from './common.js';

/** Ids of feeders and transformers: what a utility writes on the pole or the substation's plate. */
const NetworkId = Id.regex(/^[0-9A-Za-z_.-]+$/, 'letters, digits, _ . and - only');

/** A medium-voltage feeder: the line that supplies a group of distribution transformers. */
export const FeederWriteRequest = z.object({
  feederId: NetworkId,
  feederName: z.string().trim().max(128).nullish(),
  ...StationWriteFields,
});
export type FeederWriteRequest = z.infer<typeof FeederWriteRequest>;
export const FeederDeleteRequest = z.object({ feederId: Id });

export const FeederRow = z.object({
  feederId: z.string(),
  feederName: z.string().nullable(),
  /** Transformers on the feeder (read-only). */
  transformerCount: z.number().int(),
  ...StationRowFields,
});
export type FeederRow = z.infer<typeof FeederRow>;

export const FeederReadRequest = ReadRequestBase.extend({
  ...textFilters('feederId', 'feederName', 'remark'),
});
export type FeederReadRequest = z.infer<typeof FeederReadRequest>;

/**
 * A distribution transformer. Its check meter is a meter of the fleet that registers everything the
 * transformer delivers; the customers' meters under it are those whose `transformerId` names it.
 */
export const TransformerWriteRequest = z.object({
  transformerId: NetworkId,
  transformerName: z.string().trim().max(128).nullish(),
  feederId: Id.nullish(),
  checkMeterId: Id.nullish(),
  capacityKva: z.number().int().min(1).max(100000).nullish(),
  ...StationWriteFields,
});
export type TransformerWriteRequest = z.infer<typeof TransformerWriteRequest>;
export const TransformerDeleteRequest = z.object({ transformerId: Id });

export const TransformerRow = z.object({
  transformerId: z.string(),
  transformerName: z.string().nullable(),
  feederId: z.string().nullable(),
  checkMeterId: z.string().nullable(),
  capacityKva: z.number().int().nullable(),
  /** Customer meters assigned to it (read-only). */
  meterCount: z.number().int(),
  ...StationRowFields,
});
export type TransformerRow = z.infer<typeof TransformerRow>;

export const TransformerReadRequest = ReadRequestBase.extend({
  ...textFilters('transformerId', 'transformerName', 'feederId', 'checkMeterId', 'remark'),
});
export type TransformerReadRequest = z.infer<typeof TransformerReadRequest>;

/** A meter of a transformer on its map: where it stands and what it is. */
export const TransformerMeterPoint = z.object({
  meterId: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The transformer's check meter (true) or a customer meter. */
  isCheckMeter: z.boolean(),
  customerName: z.string().nullable(),
});
export type TransformerMeterPoint = z.infer<typeof TransformerMeterPoint>;
export const TransformerMapRequest = z.object({ transformerId: Id });

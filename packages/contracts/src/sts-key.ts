import { z } from 'zod';

/**
 * An STS key's identity as requests name it (meter writes, Update Meter Key, vending keys): one check per
 * field wherever a key is named. Not part of the public index: the schemas that use them are.
 */
export const BaseYear = z.union([z.literal(1993), z.literal(2014), z.literal(2035)]);
export const Sgc = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'SGC is 6 digits');
export const Krn = z.number().int().min(1, 'KRN is 1–9').max(9, 'KRN is 1–9');
export const Ken = z.number().int().min(0).max(255);
export const Ti = z.number().int().min(0).max(99);
export const Kt = z.number().int().min(0).max(3);

/** A meter's decoder key, WRITE-ONLY: 16 hex digits (EA07) or 32 (EA11). */
export const DecoderKey = z
  .string()
  .trim()
  .regex(/^([0-9A-Fa-f]{16}|[0-9A-Fa-f]{32})$/, 'Decoder key is 16 hex digits (EA07) or 32 (EA11)');

/** The same fields named for the next key (sgc → sgcNew), as Update Meter Key stores it beside the current one. */
export function nextKey<T extends Record<string, z.ZodType>>(fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([name, schema]) => [`${name}New`, schema])) as {
    [K in keyof T & string as `${K}New`]: T[K];
  };
}

import { z } from 'zod';
import { AuditFields, Id, ReadRequestBase, Remark, textFilters } from './common.js';

/** Meter type (original-api.md §6). */
export const MeterType = { electricity: 0, water: 1, gas: 2 } as const;
/** isThreePhase: 0 single-phase, 1 three-phase, 2 CT meter. */
export const MeterPhase = { single: 0, three: 1, ct: 2 } as const;
/** CommunicationWay 0–4: 0 GPRS, 1 LoRaWAN (through a gateway); 2–4 kept for compatibility. */
export const CommunicationWay = { gprs: 0, lorawan: 1 } as const;

const BaseYear = z.union([z.literal(1993), z.literal(2014), z.literal(2035)]);
const Sgc = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'SGC is 6 digits');
const Krn = z.number().int().min(1, 'KRN is 1–9').max(9, 'KRN is 1–9');
const Ken = z.number().int().min(0).max(255);
const Ti = z.number().int().min(0).max(99);
const Kt = z.number().int().min(0).max(3);

/**
 * Create/update/import body. STS fields may be given on create and update; omitted fields keep their
 * stored value on update. `decoderKey` is WRITE-ONLY: 16 hex (EA07) or 32 hex (EA11); when absent and the
 * key store holds a vending key for the meter's SGC/KRN, the server derives it (DKGA02/DKGA04). No read
 * ever returns it — rows carry `hasDecoderKey` instead.
 */
export const MeterWriteRequest = z.object({
  meterId: Id.regex(/^[0-9A-Za-z_-]+$/, 'letters, digits, _ and - only'),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  isThreePhase: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  communicationWay: z.number().int().min(0).max(4).optional(),
  /** LoRaWAN DevEUI (how the network server names the meter), 16 hex digits; stored lower case. */
  devEui: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{16}$/, 'DevEUI is 16 hex digits')
    .transform((s) => s.toLowerCase())
    .nullish(),
  protocolVersion: z.string().trim().max(32).nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  /** Encryption algorithm: "07" STA (64-bit key) or "11" MISTY1 (128-bit key). */
  ea: z.enum(['07', '11']).optional(),
  baseYear: BaseYear.nullish(),
  sgc: Sgc.nullish(),
  krn: Krn.nullish(),
  ken: Ken.nullish(),
  ti: Ti.nullish(),
  kt: Kt.nullish(),
  baseYearNew: BaseYear.nullish(),
  sgcNew: Sgc.nullish(),
  krnNew: Krn.nullish(),
  kenNew: Ken.nullish(),
  tiNew: Ti.nullish(),
  ktNew: Kt.nullish(),
  decoderKey: z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{16}|[0-9A-Fa-f]{32})$/, 'Decoder key is 16 hex digits (EA07) or 32 (EA11)')
    .nullish(),
  remark: Remark,
  /** Defaults to the caller's station. */
  stationId: Id.nullish(),
});
export type MeterWriteRequest = z.infer<typeof MeterWriteRequest>;
export const MeterDeleteRequest = z.object({ meterId: Id });

/** Never null where the original is never null: unset STS fields show the usual defaults (see the server). */
export const MeterRow = z.object({
  meterId: z.string(),
  type: z.number().int(),
  isThreePhase: z.number().int(),
  communicationWay: z.number().int(),
  devEui: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  ea: z.string(),
  baseYear: z.number().int(),
  sgc: z.string().nullable(),
  krn: z.number().int(),
  ken: z.number().int(),
  ti: z.number().int(),
  kt: z.number().int(),
  /** The next key (Update Meter Key); repeats the current fields until set. */
  baseYearNew: z.number().int(),
  sgcNew: z.string().nullable(),
  krnNew: z.number().int(),
  kenNew: z.number().int(),
  tiNew: z.number().int(),
  ktNew: z.number().int(),
  /** True once Update Meter Key has set new-key fields of its own. */
  newKeyPending: z.boolean(),
  /** false = unused, true = used (an account binds it). */
  status: z.boolean(),
  hasDecoderKey: z.boolean(),
  /** The head-end's view of the meter's link (read-only). */
  online: z.boolean(),
  /** 'lorawan' or 'gprs' when the meter has been heard. */
  transport: z.string().nullable(),
  /** The gateway that serves it (LoRaWAN). */
  servingGatewayId: z.string().nullable(),
  lastSeen: z.string().nullable(),
  stationId: z.string(),
  ...AuditFields,
  /** As the original's meter answers: a date-time (here the creation; no later contact is recorded). */
  cdt: z.string().nullable(),
});
export type MeterRow = z.infer<typeof MeterRow>;

export const MeterReadRequest = ReadRequestBase.extend({
  ...textFilters('meterId', 'protocolVersion', 'devEui', 'sgc', 'remark'),
  type: z.number().int().nullish(),
  communicationWay: z.number().int().nullish(),
  online: z.boolean().nullish(),
  isThreePhase: z.number().int().nullish(),
  status: z.boolean().nullish(),
  krn: z.number().int().nullish(),
  ti: z.number().int().nullish(),
  kt: z.number().int().nullish(),
  baseYear: z.number().int().nullish(),
  hasDecoderKey: z.boolean().nullish(),
});
export type MeterReadRequest = z.infer<typeof MeterReadRequest>;

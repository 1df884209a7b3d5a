import { z } from 'zod';
import { Id, ReadRequestBase, StationRowFields, StationWriteFields, textFilters } from './common.js';
import { BaseYear, DecoderKey, Ken, Krn, Kt, nextKey, Sgc, Ti } from './sts-key.js';

/** Meter type. */
export const MeterType = { electricity: 0, water: 1, gas: 2 } as const;
/** isThreePhase: 0 single-phase, 1 three-phase, 2 CT meter. */
export const MeterPhase = { single: 0, three: 1, ct: 2 } as const;
/** CommunicationWay 0–4: 0 GPRS, 1 LoRaWAN (through a gateway); 2–4 kept for compatibility. */
export const CommunicationWay = { gprs: 0, lorawan: 1 } as const;

/** The key identity a write may give (each field optional: omitted keeps the stored value on update). */
const KeyIdentityInput = {
  baseYear: BaseYear.nullish(),
  sgc: Sgc.nullish(),
  krn: Krn.nullish(),
  ken: Ken.nullish(),
  ti: Ti.nullish(),
  kt: Kt.nullish(),
};

/** The key identity a row shows. */
const KeyIdentityRow = {
  baseYear: z.number().int(),
  sgc: z.string().nullable(),
  krn: z.number().int(),
  ken: z.number().int(),
  ti: z.number().int(),
  kt: z.number().int(),
};

/** A DLMS association's mechanism: none, low (password) or high with HLS-GMAC (security suite 0). */
export const DlmsAuthentication = z.enum(['none', 'low', 'high-gmac']);
const Hex16 = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{32}$/, 'a key is 32 hex digits (AES-128)');

/**
 * A DLMS meter: where the head-end connects (ipAddress, ipPort 4059 by default) and its association.
 * The secrets (dlmsPassword, dlmsAuthenticationKey, dlmsBlockCipherKey) are WRITE-ONLY: sealed in the
 * key store, never answered back (rows say `hasDlmsSecrets`); null clears one, omitted keeps it.
 */
const DlmsWriteFields = {
  ipAddress: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z.:-]{1,253}$/, 'an IP address or host name')
    .nullish(),
  ipPort: z.number().int().min(1).max(65535).nullish(),
  dlmsClientAddress: z.number().int().min(0).max(65535).nullish(),
  dlmsServerAddress: z.number().int().min(0).max(65535).nullish(),
  dlmsAuthentication: DlmsAuthentication.nullish(),
  dlmsPassword: z.string().min(1).max(64).nullish(),
  dlmsAuthenticationKey: Hex16.nullish(),
  dlmsBlockCipherKey: Hex16.nullish(),
  dlmsSystemTitle: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{16}$/, 'a system title is 16 hex digits')
    .nullish(),
};

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
  ...KeyIdentityInput,
  ...nextKey(KeyIdentityInput),
  decoderKey: DecoderKey.nullish(),
  /** The distribution transformer that supplies the meter; null clears it, omitted keeps it. */
  transformerId: Id.nullish(),
  ...DlmsWriteFields,
  ...StationWriteFields,
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
  ...KeyIdentityRow,
  /** The next key (Update Meter Key); repeats the current fields until set. */
  ...nextKey(KeyIdentityRow),
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
  transformerId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  ipPort: z.number().int().nullable(),
  dlmsClientAddress: z.number().int().nullable(),
  dlmsServerAddress: z.number().int().nullable(),
  dlmsAuthentication: z.string().nullable(),
  /** Whether the key store holds the meter's DLMS secrets — the only thing a read says about them. */
  hasDlmsSecrets: z.boolean(),
  /** Additive: the customer whose account holds the meter (null while unused). */
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  ...StationRowFields,
  /** As the original's meter answers: a date-time (here the creation; no later contact is recorded). */
  cdt: z.string().nullable(),
});
export type MeterRow = z.infer<typeof MeterRow>;

export const MeterReadRequest = ReadRequestBase.extend({
  ...textFilters('meterId', 'protocolVersion', 'devEui', 'sgc', 'remark', 'transformerId'),
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
  /** Additive: the owner's name contains this. */
  customerName: z.string().nullish(),
});
export type MeterReadRequest = z.infer<typeof MeterReadRequest>;

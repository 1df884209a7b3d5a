import { z } from 'zod';
import { CreateStamp, Day } from './common.js';
import { BaseYear, Sgc } from './sts-key.js';

/**
 * Vending keys (per supply group code and key revision) are WRITE-ONLY: the server keeps them encrypted
 * and derives meters' decoder keys from them; no answer ever carries a key. System administrators with
 * Management.Meter manage them.
 * Routes: /api/keystore/vendingKey/read → VendingKeyRow[]; /create [VendingKeyRequest]; /generate
 * [VendingKeyGenerateRequest] (the vault makes the key; nobody types or sees it); /delete [{sgc, krn}];
 * /setExpiry [VendingKeyExpiryRequest].
 */
export const VendingKeyRequest = z.object({
  sgc: Sgc,
  krn: z.number().int().min(1).max(9),
  /** "02": 64-bit DES key (16 hex); "04": 160-bit HMAC key (40 hex). */
  dkga: z.enum(['02', '04']).default('02'),
  vendingKey: z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})$/, 'A vending key is 16 hex digits (DKGA02) or 40 (DKGA04)'),
  baseYear: BaseYear.default(1993),
  label: z.string().trim().max(128).nullish(),
  /** The last day (UTC) the key is used; none: it does not expire within its base date. */
  expiresOn: Day.nullish(),
});
/** A key the vault generates itself: the same identity as a loaded key, without the key. */
export const VendingKeyGenerateRequest = VendingKeyRequest.omit({ vendingKey: true });
/**
 * A vending key as a key management centre sends it: RSA-OAEP (SHA-1, MGF1-SHA-1) under one of this
 * system's transport keys, named by its fingerprint, with the key's check value so a wrong or damaged key
 * is refused before it is stored.
 */
export const VendingKeyImportRequest = VendingKeyGenerateRequest.extend({
  transportKey: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{64}$/, 'a transport key fingerprint is 64 hex digits (SHA-256)'),
  wrappedKey: z
    .string()
    .trim()
    .max(1024)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'the wrapped key is base64'),
  checkValue: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{6}$/, 'a key check value is 6 hex digits'),
});
/** A transport key: its public half (PEM, for the supplier) and fingerprint; the private half never leaves the vault. */
export const TransportKeyRow = z.object({
  fingerprint: z.string(),
  publicKeyPem: z.string(),
  ...CreateStamp,
});
export type TransportKeyRow = z.infer<typeof TransportKeyRow>;
export const VendingKeyRef = z.object({
  sgc: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  krn: z.number().int().min(1).max(9),
});
/** A key's expiry set, moved or (null) removed after it was loaded: a key custodian's decision, audited. */
export const VendingKeyExpiryRequest = VendingKeyRef.extend({ expiresOn: Day.nullable() });
export const VendingKeyRow = z.object({
  sgc: z.string(),
  krn: z.number().int(),
  dkga: z.string(),
  baseYear: z.number().int(),
  label: z.string().nullable(),
  /** The key check value (6 hex digits): confirms which key is loaded without showing it. */
  checkValue: z.string(),
  /** The last day the key is used, or null. */
  expiresOn: z.string().nullable(),
  /** The key expiry number that day gives under the key's base date (255: never), carried by key changes. */
  ken: z.number().int(),
  ...CreateStamp,
});
export type VendingKeyRow = z.infer<typeof VendingKeyRow>;

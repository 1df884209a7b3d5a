import { desEncrypt } from './des.js';
import { checkKrn, checkKt, checkSgcDigits, dkga02 } from './dkga02.js';
import { dkga04 } from './dkga04.js';
import { StsError } from './errors.js';
import { bytesToHex, hexToBytes } from './hex.js';
import { checkDecoderKey, type EncryptionAlgorithm, type PreparedKey, prepareKey } from './keys.js';
import { hmacSha256 } from './sha256.js';
import { type BaseYear, checkBaseYear, checkKen } from './tid.js';

/**
 * Where keys live. Vending keys (per supply group and key revision) are write-only: decoder keys
 * are derived INSIDE the store, so a hardware security module can implement this interface without
 * ever exporting a vending key. Every method is async for the same reason. Real STS vending keys
 * come from the STSA Key Management Centre and belong in a certified HSM (sts.md §0).
 */

export interface VendingKeyRef {
  /** Supply group code, 6 digits. */
  sgc: string;
  /** Key revision number 1–9. */
  krn: number;
}

export interface VendingKeyRecord extends VendingKeyRef {
  /** "02": 64-bit DES vending key (16 hex). "04": 160-bit HMAC vending key (40 hex). */
  dkga: '02' | '04';
  key: string;
  /** Base date (BDT) of the key-load file. */
  baseYear: BaseYear;
  label?: string;
}

/** What may be shown about a vending key: everything but the key. */
export type VendingKeyInfo = Omit<VendingKeyRecord, 'key'>;

export interface DeriveRequest extends VendingKeyRef {
  meterPAN: string;
  kt: number;
  ti: string | number;
  /** Algorithm of the decoder key wanted (DKGA04 only; DKGA02 gives EA07 keys). Default "07". */
  ea?: EncryptionAlgorithm;
}

export interface DecoderKeyRecord {
  /** The meter's identity in the store (normally its 18-digit MeterPAN). */
  meterId: string;
  /** Natural-order hex: 16 digits (EA07) or 32 (EA11). */
  decoderKey: string;
  sgc: string;
  krn: number;
  kt: number;
  ti: string | number;
  ken: number;
  baseYear: BaseYear;
}

export interface KeyStore {
  putVendingKey(record: VendingKeyRecord): Promise<void>;
  hasVendingKey(ref: VendingKeyRef): Promise<boolean>;
  listVendingKeys(): Promise<VendingKeyInfo[]>;
  deleteVendingKey(ref: VendingKeyRef): Promise<boolean>;
  /** Runs DKGA02/DKGA04 with the stored vending key; returns the decoder key (natural order). */
  deriveDecoderKey(request: DeriveRequest): Promise<string>;
  putDecoderKey(record: DecoderKeyRecord): Promise<void>;
  getDecoderKey(meterId: string): Promise<DecoderKeyRecord | undefined>;
  deleteDecoderKey(meterId: string): Promise<boolean>;
}

const refKey = (ref: VendingKeyRef) => `${checkSgcDigits(ref.sgc)}/${checkKrn(ref.krn)}`;

function checkVendingKey(record: VendingKeyRecord): VendingKeyRecord {
  const digits = record.dkga === '02' ? 16 : record.dkga === '04' ? 40 : 0;
  if (digits === 0) throw new StsError('INVALID_FIELD', 'dkga must be "02" or "04"', 'dkga');
  if (typeof record.key !== 'string' || record.key.length !== digits || !/^[0-9a-fA-F]+$/.test(record.key)) {
    throw new StsError('INVALID_KEY', `a DKGA${record.dkga} vending key is ${digits} hex digits`, 'key');
  }
  return {
    ...record,
    sgc: checkSgcDigits(record.sgc),
    krn: checkKrn(record.krn),
    baseYear: checkBaseYear(record.baseYear),
    key: record.key.toUpperCase(),
  };
}

/**
 * DKGA02/DKGA04 with a vending key in hand — for key stores and HSM-like vaults, which hold the key;
 * the SGC and KRN are the vending key's own.
 */
export function deriveWithVendingKey(
  vk: Pick<VendingKeyRecord, 'dkga' | 'key' | 'baseYear' | 'sgc' | 'krn'>,
  request: DeriveRequest,
): string {
  const ea = request.ea ?? '07';
  const common = {
    meterPAN: request.meterPAN,
    sgc: vk.sgc,
    krn: vk.krn,
    kt: checkKt(request.kt),
    ti: request.ti,
  };
  if (vk.dkga === '02') {
    if (ea !== '07') {
      throw new StsError(
        'INVALID_FIELD',
        'DKGA02 derives 64-bit (EA07) keys only; use a DKGA04 vending key',
        'ea',
      );
    }
    return dkga02({ ...common, vendingKey: vk.key });
  }
  return dkga04({ ...common, vendingKey160: vk.key, baseDate: vk.baseYear, ea });
}

/**
 * A vending key's check value: 6 hex digits that let a key custodian confirm which key is loaded without
 * seeing it. A DKGA02 (DES) key's is the usual one, the first 3 bytes of DES(key, 0000000000000000); a
 * DKGA04 (160-bit HMAC) key has no block cipher, so its value is the first 3 bytes of HMAC-SHA-256(key,
 * eight zero bytes).
 */
export function vendingKeyCheckValue(dkga: '02' | '04', keyHex: string): string {
  const key = hexToBytes(keyHex);
  const zeros = new Uint8Array(8);
  const out = dkga === '02' ? desEncrypt(key, zeros) : hmacSha256(key, zeros);
  return bytesToHex(out.subarray(0, 3)).toUpperCase();
}

/**
 * In-memory software key store (a "virtual HSM" for simulation, tests and closed systems). The
 * server wraps it with encryption at rest; records are copied in and out so callers can never
 * alter stored keys by mutating an object.
 */
export class MemoryKeyStore implements KeyStore {
  private readonly vending = new Map<string, VendingKeyRecord>();
  private readonly decoder = new Map<string, DecoderKeyRecord>();

  async putVendingKey(record: VendingKeyRecord): Promise<void> {
    const checked = checkVendingKey(record);
    this.vending.set(refKey(checked), checked);
  }

  async hasVendingKey(ref: VendingKeyRef): Promise<boolean> {
    return this.vending.has(refKey(ref));
  }

  async listVendingKeys(): Promise<VendingKeyInfo[]> {
    return [...this.vending.values()].map(({ key: _secret, ...info }) => info);
  }

  async deleteVendingKey(ref: VendingKeyRef): Promise<boolean> {
    return this.vending.delete(refKey(ref));
  }

  async deriveDecoderKey(request: DeriveRequest): Promise<string> {
    const vk = this.vending.get(refKey(request));
    if (!vk) {
      throw new StsError('KEY_NOT_FOUND', `no vending key for SGC ${request.sgc} KRN ${request.krn}`, 'sgc');
    }
    return deriveWithVendingKey(vk, request);
  }

  async putDecoderKey(record: DecoderKeyRecord): Promise<void> {
    checkDecoderKey(record.decoderKey);
    checkKen(record.ken);
    if (typeof record.meterId !== 'string' || record.meterId === '') {
      throw new StsError('INVALID_FIELD', 'meterId is required', 'meterId');
    }
    this.decoder.set(record.meterId, {
      ...record,
      decoderKey: record.decoderKey.toUpperCase(),
      sgc: checkSgcDigits(record.sgc),
      kt: checkKt(record.kt),
      baseYear: checkBaseYear(record.baseYear),
    });
  }

  async getDecoderKey(meterId: string): Promise<DecoderKeyRecord | undefined> {
    const r = this.decoder.get(meterId);
    return r ? { ...r } : undefined;
  }

  async deleteDecoderKey(meterId: string): Promise<boolean> {
    return this.decoder.delete(meterId);
  }
}

/** The meter's decoder key, prepared for a run of tokens; KEY_NOT_FOUND when the store has none. */
export async function preparedKeyForMeter(
  store: KeyStore,
  meterId: string,
): Promise<{ record: DecoderKeyRecord; key: PreparedKey }> {
  const record = await store.getDecoderKey(meterId);
  if (!record) throw new StsError('KEY_NOT_FOUND', `no decoder key stored for meter ${meterId}`, 'meterId');
  return { record, key: prepareKey(record.decoderKey) };
}

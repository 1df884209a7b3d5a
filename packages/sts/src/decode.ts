import { decodeAmount, decodeCurrencyAmount } from './amount.js';
import { decodeVendorValue, type VendorOverdraftProfile } from './classes/overdraft.js';
import { blockCrc, usesCrcC } from './crc.js';
import { StsError } from './errors.js';
import { toHex } from './hex.js';
import { type PreparedKey, toPreparedKey } from './keys.js';
import { digitsToBlock } from './token.js';

/**
 * Decode and verify (sts.md §10): undo the class transposition, decrypt classes 0 and 2 with the
 * decoder key, recompute the CRC, parse the payload. A wrong key shows up as a CRC failure, exactly
 * as on a meter.
 */

export type TokenKind =
  | 'electricityCredit'
  | 'waterCredit'
  | 'gasCredit'
  | 'timeCredit'
  | 'electricityCurrencyCredit'
  | 'waterCurrencyCredit'
  | 'gasCurrencyCredit'
  | 'timeCurrencyCredit'
  | 'reservedCredit'
  | 'meterTest'
  | 'reservedTest'
  | 'setMaximumPowerLimit'
  | 'clearCredit'
  | 'setTariffRate'
  | 'keyChange1'
  | 'keyChange2'
  | 'clearTamper'
  | 'setMaximumPhasePowerUnbalanceLimit'
  | 'setWaterMeterFactor'
  | 'keyChange3'
  | 'keyChange4'
  | 'extendedTokenSet'
  | 'setMaximumOverdraft'
  | 'proprietary';

const CREDIT_KINDS: TokenKind[] = [
  'electricityCredit',
  'waterCredit',
  'gasCredit',
  'timeCredit',
  'electricityCurrencyCredit',
  'waterCurrencyCredit',
  'gasCurrencyCredit',
  'timeCurrencyCredit',
];

const MANAGEMENT_KINDS: TokenKind[] = [
  'setMaximumPowerLimit',
  'clearCredit',
  'setTariffRate',
  'keyChange1',
  'keyChange2',
  'clearTamper',
  'setMaximumPhasePowerUnbalanceLimit',
  'setWaterMeterFactor',
  'keyChange3',
  'keyChange4',
  'extendedTokenSet',
];

export interface DecodedToken {
  /** The 20 digits. */
  token: string;
  tokenClass: number;
  subclass: number;
  kind: TokenKind;
  crcOk: boolean;
  /** Decrypted data block, 16 hex digits. */
  plainBlock: string;
  /** False for reserved/proprietary subclasses without a layout the engine knows. */
  known: boolean;
  // RND | TID | value tokens
  rnd?: number;
  tid?: number;
  /** Raw 16-bit value field (hex string, 4 digits). */
  value16?: string;
  /** Credit (subclasses 0–3): units of 0.1 kWh / 0.1 m³ / 0.1 min the meter will add. */
  amountUnits?: number;
  /** Currency credit: signed count of 0.00001 currency units, as a decimal string. */
  currencyUnits?: string;
  /** Currency credit: the S&E nibble (sign, exponent bits 4..2) in RND's place. */
  sAndE?: number;
  /** MPL / MPPUL in watts. */
  watts?: number;
  /** ClearCredit register (0xFFFF = all). */
  register?: number;
  /** Vendor overdraft value (profile units). */
  value?: number;
  // key change sections (names as in IEC 62055-41)
  KENHO?: number;
  KRN?: number;
  RO?: number;
  Res?: number;
  KT?: number;
  /** New key high-order 32 bits (8 hex). */
  NKHO?: string;
  KENLO?: number;
  TI?: number;
  NKLO?: string;
  /** 128-bit key change: SGC low/high 12 bits and the key word carried. */
  SGCLO?: number;
  SGCHO?: number;
  keyWord?: string;
  // class 1
  control?: string;
  mfrCode?: number;
  /** Raw 44-bit payload (11 hex), for proprietary tokens. */
  payload?: string;
}

export interface DecodeOptions {
  /** Overdraft (or other proprietary) profiles used to read class 2 subclasses 11–15. */
  vendorProfiles?: VendorOverdraftProfile[];
}

const scratch = new Int32Array(2);

/** The data block in clear: class 1 travels unencrypted, every other class needs the key. */
function plainBlock(
  block: ReturnType<typeof digitsToBlock>,
  decoderKey: string | PreparedKey | undefined,
): { hi: number; lo: number } {
  const { tokenClass } = block;
  if (tokenClass === 3) {
    throw new StsError(
      'UNKNOWN_CLASS',
      'token class 3 is reserved by IEC 62055-41; no meter accepts it',
      'token',
    );
  }
  if (tokenClass === 1) return { hi: block.hi, lo: block.lo };
  if (decoderKey === undefined || decoderKey === '') {
    throw new StsError(
      'INVALID_KEY',
      `a decoder key is needed to decode a class ${tokenClass} token`,
      'decoderKey',
    );
  }
  toPreparedKey(decoderKey).decrypt(block.hi, block.lo, scratch);
  return { hi: (scratch[0] ?? 0) >>> 0, lo: (scratch[1] ?? 0) >>> 0 };
}

/** The 44 payload bits: bits 43..16 (`top28`) and 15..0 (`low16`). */
interface Payload {
  top28: number;
  low16: number;
}

/** The common RND | TID | value layout. */
function readRndTidValue(result: DecodedToken, { top28, low16 }: Payload): void {
  result.rnd = top28 >>> 24;
  result.tid = top28 & 0xffffff;
  result.value16 = toHex(low16, 4);
}

/** A payload the engine has no layout for, kept whole. */
function readUnknown(result: DecodedToken, { top28, low16 }: Payload): void {
  result.known = false;
  result.payload = toHex(top28 * 65536 + low16, 11);
}

function readCredit(result: DecodedToken, p: Payload): void {
  result.kind = CREDIT_KINDS[result.subclass] ?? 'reservedCredit';
  if (result.subclass <= 3) {
    readRndTidValue(result, p);
    result.amountUnits = decodeAmount(p.low16);
  } else if (result.subclass <= 7) {
    readRndTidValue(result, p);
    result.sAndE = result.rnd;
    delete result.rnd;
    result.currencyUnits = decodeCurrencyAmount(p.top28 >>> 24, p.low16).toString();
  } else {
    readUnknown(result, p);
  }
}

function readMeterTest(result: DecodedToken, p: Payload): void {
  if (result.subclass !== 0 && result.subclass !== 1) {
    result.kind = 'reservedTest';
    readUnknown(result, p);
    return;
  }
  result.kind = 'meterTest';
  const payload = p.top28 * 65536 + p.low16;
  const mfrBits = result.subclass === 0 ? 8 : 16;
  result.control = Math.floor(payload / 2 ** mfrBits)
    .toString(16)
    .toUpperCase();
  result.mfrCode = payload % 2 ** mfrBits;
}

/** Key change sections 1–4 (subclasses 3, 4, 8, 9): the new key's fields and words. */
function readKeyChange(result: DecodedToken, { top28, low16 }: Payload): void {
  const word = toHex(((top28 & 0xffff) * 65536 + low16) >>> 0, 8);
  if (result.subclass === 3) {
    result.KENHO = top28 >>> 24;
    result.KRN = (top28 >>> 20) & 15;
    result.RO = (top28 >>> 19) & 1;
    result.Res = (top28 >>> 18) & 1;
    result.KT = (top28 >>> 16) & 3;
    result.NKHO = word;
  } else if (result.subclass === 4) {
    result.KENLO = top28 >>> 24;
    result.TI = (top28 >>> 16) & 0xff;
    result.NKLO = word;
  } else {
    result[result.subclass === 8 ? 'SGCLO' : 'SGCHO'] = top28 >>> 16;
    result.keyWord = word;
  }
}

function readManagement(result: DecodedToken, p: Payload, options: DecodeOptions): void {
  const { subclass } = result;
  const profile = options.vendorProfiles?.find((v) => v.subclass === subclass);
  result.kind = profile ? 'setMaximumOverdraft' : (MANAGEMENT_KINDS[subclass] ?? 'proprietary');
  switch (subclass) {
    case 0:
    case 6:
      readRndTidValue(result, p);
      result.watts = decodeAmount(p.low16);
      return;
    case 1:
      readRndTidValue(result, p);
      result.register = p.low16;
      return;
    case 2:
    case 5:
    case 7:
      readRndTidValue(result, p);
      return;
    case 3:
    case 4:
    case 8:
    case 9:
      readKeyChange(result, p);
      return;
    default:
      if (!profile) {
        readUnknown(result, p);
        return;
      }
      readRndTidValue(result, p);
      {
        const value = decodeVendorValue(profile, p.low16);
        if (value === undefined) result.known = false;
        else result.value = value;
      }
  }
}

export function decodeToken(
  token: string,
  decoderKey?: string | PreparedKey,
  options: DecodeOptions = {},
): DecodedToken {
  const block = digitsToBlock(token);
  const { tokenClass } = block;
  const { hi, lo } = plainBlock(block, decoderKey);
  const subclass = hi >>> 28;
  const crc = lo & 0xffff;
  const crcOk = blockCrc(tokenClass, hi, lo & 0xffff0000, usesCrcC(tokenClass, subclass)) === crc;
  const result: DecodedToken = {
    token: block.digits,
    tokenClass,
    subclass,
    kind: 'proprietary',
    crcOk,
    plainBlock: toHex(hi, 8) + toHex(lo, 8),
    known: true,
  };
  // payload bits 43..16 = hi & 0x0FFFFFFF, bits 15..0 = lo >>> 16
  const payload: Payload = { top28: hi & 0x0fffffff, low16: lo >>> 16 };
  if (tokenClass === 0) readCredit(result, payload);
  else if (tokenClass === 1) readMeterTest(result, payload);
  else readManagement(result, payload, options);
  return result;
}

/**
 * decodeToken, then refuse what a meter would refuse on format grounds: a CRC mismatch (wrong
 * key or mistyped digit) and subclasses without a defined layout.
 */
export function verifyToken(
  token: string,
  decoderKey?: string | PreparedKey,
  options: DecodeOptions = {},
): DecodedToken {
  const decoded = decodeToken(token, decoderKey, options);
  if (!decoded.crcOk) {
    throw new StsError(
      'CRC_MISMATCH',
      'the token fails its CRC check: a digit was mistyped, or it was made for another meter or key',
      'token',
    );
  }
  if (!decoded.known) {
    throw new StsError(
      'UNKNOWN_SUBCLASS',
      `class ${decoded.tokenClass} subclass ${decoded.subclass} has no layout known to this engine (reserved or proprietary)`,
      'token',
    );
  }
  return decoded;
}

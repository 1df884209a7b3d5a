import type { VendorOverdraftProfile } from './classes/overdraft.js';
import { type DecodedToken, decodeToken } from './decode.js';
import { StsError } from './errors.js';
import { checkDecoderKey, prepareKey } from './keys.js';

/**
 * Meter-side acceptance (sts.md §12), for the meter simulator and a "what would the meter say"
 * decode endpoint. Pure: `acceptToken` takes the meter's security state and the clock and returns
 * the new state plus the outcome; the caller applies the effect (credit, limits…) and persists.
 */

/** Result codes as printed in meter manuals (Conlog BEC62 list). */
export const ACCEPT_RESULT = {
  accept: 1,
  firstKeyChangeReceived: 2,
  secondKeyChangeReceived: 3,
  overflow: 4,
  keyTypeError: 5,
  format: 6,
  range: 7,
  functionNotSupported: 8,
  old: 9,
  used: 10,
  keyExpired: 11,
  ddtk: 12,
  crc: 13,
  mfrCodeMismatch: 14,
  lockout: 15,
  notReady: 16,
} as const;

export type AcceptResult = keyof typeof ACCEPT_RESULT;

export interface MeterKey {
  /** Natural-order hex, 16 (EA07) or 32 (EA11) digits. */
  decoderKey: string;
  ken: number;
  /** 0 DITK, 1 DDTK, 2 DUTK, 3 DCTK */
  kt: number;
  krn: number;
  ti: number;
  /** Known for 128-bit keys (sections 3–4 carry it). */
  sgc?: number;
}

interface PendingSection {
  subclass: number;
  fields: Pick<
    DecodedToken,
    'KENHO' | 'KRN' | 'RO' | 'KT' | 'NKHO' | 'KENLO' | 'TI' | 'NKLO' | 'SGCLO' | 'SGCHO' | 'keyWord'
  >;
}

export interface MeterSecurityState {
  key: MeterKey;
  /** The meter's manufacturer code (digits 1–2 or 1–4 of the IAIN) as a number. */
  mfrCode: number;
  /** Accepted TIDs, ascending; at most `tidMemorySize`. Pre-fill with the manufacturing TID. */
  usedTids: number[];
  tidMemorySize: number;
  /** Key-change sections received so far, and when the first of them came (ms). */
  pendingKeyChange?: { since: number; sections: PendingSection[] };
}

export interface MeterOptions {
  /** How long the first key-change section waits for the others (vendors: 2–10 min). */
  keyChangeWindowMs?: number;
  /** Accept class 1 tokens with MfrCode 0 (a published generic test voucher). Default true. */
  acceptGenericMfrCode?: boolean;
  /** Vendor profiles the meter model implements (e.g. maximum overdraft). */
  vendorProfiles?: VendorOverdraftProfile[];
  /** Class 2 subclasses with raw values (2 tariff rate, 7 water meter factor) this model handles. */
  rawManagementSubclasses?: number[];
}

export type TokenEffect =
  | { type: 'credit'; subclass: number; units: number }
  | { type: 'currencyCredit'; subclass: number; currencyUnits: string }
  | { type: 'setMaximumPowerLimit'; watts: number }
  | { type: 'setMaximumPhasePowerUnbalanceLimit'; watts: number }
  | { type: 'clearCredit'; register: number }
  | { type: 'clearTamper' }
  | { type: 'rawManagement'; subclass: number; value16: number }
  | { type: 'setMaximumOverdraft'; value: number; profile: string }
  | { type: 'meterTest'; subclass: number; control: string }
  | { type: 'keyChanged'; key: MeterKey; rollover: boolean };

export interface AcceptOutcome {
  result: AcceptResult;
  code: number;
  message: string;
  decoded?: DecodedToken;
  effect?: TokenEffect;
}

const MESSAGES: Record<AcceptResult, string> = {
  accept: 'Accept',
  firstKeyChangeReceived: '1st key-change token received; enter the next',
  secondKeyChangeReceived: 'key-change section received; enter the remaining one(s)',
  overflow: 'Overflow',
  keyTypeError: 'Key type error: the meter refuses this key-type change',
  format: 'Format error: not a token this meter can read',
  range: 'Range error',
  functionNotSupported: 'Function not supported by this meter',
  old: 'OLD: the token is older than the oldest remembered token',
  used: 'USED: this token was already entered',
  keyExpired: 'Key expired: the TID is past the key expiry number',
  ddtk: 'DDTK error: no credit under a default key',
  crc: 'CRC error: mistyped, or made for another meter or key',
  mfrCodeMismatch: 'Manufacturer code mismatch',
  lockout: 'Lockout',
  notReady: 'Not ready',
};

const DEFAULT_WINDOW_MS = 10 * 60 * 1000;

function outcome(result: AcceptResult, extra: Partial<AcceptOutcome> = {}): AcceptOutcome {
  return { result, code: ACCEPT_RESULT[result], message: MESSAGES[result], ...extra };
}

/** A new meter: its key, MfrCode, and the manufacturing-date TID that pre-fills the memory. */
export function createMeterState(
  key: MeterKey,
  mfrCode: number,
  options: { manufacturingTid?: number; tidMemorySize?: number } = {},
): MeterSecurityState {
  checkDecoderKey(key.decoderKey);
  const size = options.tidMemorySize ?? 20;
  if (!Number.isInteger(size) || size < 1) {
    throw new StsError('INVALID_FIELD', 'tidMemorySize must be a positive integer', 'tidMemorySize');
  }
  return {
    key: { ...key, decoderKey: key.decoderKey.toUpperCase() },
    mfrCode,
    usedTids: options.manufacturingTid === undefined ? [] : [options.manufacturingTid],
    tidMemorySize: size,
  };
}

function rememberTid(state: MeterSecurityState, tid: number): MeterSecurityState {
  const usedTids = [...state.usedTids, tid].sort((a, b) => a - b);
  while (usedTids.length > state.tidMemorySize) usedTids.shift();
  return { ...state, usedTids };
}

const KEY_SECTIONS_64 = [3, 4];
const KEY_SECTIONS_128 = [3, 4, 8, 9];

/** Enter a token on the meter. Returns the meter's new state and what it displayed. */
export function acceptToken(
  state: MeterSecurityState,
  token: string,
  nowMs: number,
  options: MeterOptions = {},
): { state: MeterSecurityState; outcome: AcceptOutcome } {
  let decoded: DecodedToken;
  try {
    decoded = decodeToken(token, state.key.decoderKey, { vendorProfiles: options.vendorProfiles ?? [] });
  } catch (e) {
    if (e instanceof StsError) return { state, outcome: outcome('format', { message: e.message }) };
    throw e;
  }
  const reject = (result: AcceptResult) => ({ state, outcome: outcome(result, { decoded }) });

  // 1. CRC (also how a token for another meter or an old key shows up).
  if (!decoded.crcOk) return reject('crc');

  // Class 1: not meter-specific, no TID; only the manufacturer code matters.
  if (decoded.tokenClass === 1) {
    if (decoded.kind !== 'meterTest') return reject('functionNotSupported');
    const generic = decoded.mfrCode === 0 && (options.acceptGenericMfrCode ?? true);
    if (decoded.mfrCode !== state.mfrCode && !generic) return reject('mfrCodeMismatch');
    return {
      state,
      outcome: outcome('accept', {
        decoded,
        effect: { type: 'meterTest', subclass: decoded.subclass, control: need(decoded.control, 'control') },
      }),
    };
  }

  // Key-change sections carry no TID.
  if (decoded.tokenClass === 2 && [3, 4, 8, 9].includes(decoded.subclass)) {
    return keyChangeSection(state, decoded, nowMs, options);
  }

  // 2. Supported class/subclass, and the effect it will have.
  const effect = effectOf(decoded, options);
  if (!effect || decoded.tid === undefined) return reject('functionNotSupported');
  const tid = decoded.tid;
  // 3. KEN  4. DDTK  5. USED  6. OLD
  if (tid >>> 16 > state.key.ken) return reject('keyExpired');
  if (decoded.tokenClass === 0 && state.key.kt === 1) return reject('ddtk');
  if (state.usedTids.includes(tid)) return reject('used');
  if (state.usedTids.length > 0 && tid < (state.usedTids[0] ?? 0)) return reject('old');
  // 7. Apply (the caller does), then store the TID.
  return { state: rememberTid(state, tid), outcome: outcome('accept', { decoded, effect }) };
}

/** A field the decoder always fills for this kind of token; its absence is a decoder bug. */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new StsError('INVALID_TOKEN', `the decoded token has no ${what}`);
  return value;
}

function effectOf(d: DecodedToken, options: MeterOptions): TokenEffect | undefined {
  if (!d.known) return undefined;
  if (d.tokenClass === 0) {
    if (d.amountUnits !== undefined) return { type: 'credit', subclass: d.subclass, units: d.amountUnits };
    if (d.currencyUnits !== undefined) {
      return { type: 'currencyCredit', subclass: d.subclass, currencyUnits: d.currencyUnits };
    }
    return undefined;
  }
  switch (d.kind) {
    case 'setMaximumPowerLimit':
      return { type: 'setMaximumPowerLimit', watts: need(d.watts, 'watts') };
    case 'setMaximumPhasePowerUnbalanceLimit':
      return { type: 'setMaximumPhasePowerUnbalanceLimit', watts: need(d.watts, 'watts') };
    case 'clearCredit':
      return { type: 'clearCredit', register: need(d.register, 'register') };
    case 'clearTamper':
      return { type: 'clearTamper' };
    case 'setMaximumOverdraft': {
      const profile = options.vendorProfiles?.find((p) => p.subclass === d.subclass);
      return { type: 'setMaximumOverdraft', value: need(d.value, 'value'), profile: profile?.name ?? '' };
    }
    case 'setTariffRate':
    case 'setWaterMeterFactor':
      return options.rawManagementSubclasses?.includes(d.subclass)
        ? {
            type: 'rawManagement',
            subclass: d.subclass,
            value16: Number.parseInt(need(d.value16, 'value16'), 16),
          }
        : undefined;
    default:
      return undefined;
  }
}

function keyChangeSection(
  state: MeterSecurityState,
  decoded: DecodedToken,
  nowMs: number,
  options: MeterOptions,
): { state: MeterSecurityState; outcome: AcceptOutcome } {
  const wide = state.key.decoderKey.length === 32;
  const needed = wide ? KEY_SECTIONS_128 : KEY_SECTIONS_64;
  if (!needed.includes(decoded.subclass)) {
    return { state, outcome: outcome('functionNotSupported', { decoded }) };
  }
  const window = options.keyChangeWindowMs ?? DEFAULT_WINDOW_MS;
  let pending = state.pendingKeyChange;
  // Sections from an abandoned attempt are dropped once the window has passed.
  if (pending && nowMs - pending.since > window) pending = undefined;
  const { KENHO, KRN, RO, KT, NKHO, KENLO, TI, NKLO, SGCLO, SGCHO, keyWord } = decoded;
  const section: PendingSection = {
    subclass: decoded.subclass,
    fields: { KENHO, KRN, RO, KT, NKHO, KENLO, TI, NKLO, SGCLO, SGCHO, keyWord },
  };
  const sections = [...(pending?.sections ?? []).filter((s) => s.subclass !== decoded.subclass), section];
  const got = (sub: number) => sections.find((s) => s.subclass === sub)?.fields;
  if (!needed.every((sub) => got(sub))) {
    const next = { ...state, pendingKeyChange: { since: pending?.since ?? nowMs, sections } };
    const result = decoded.subclass === 3 ? 'firstKeyChangeReceived' : 'secondKeyChangeReceived';
    return { state: next, outcome: outcome(result, { decoded }) };
  }

  const s1 = need(got(3), 'key change section 1');
  const s2 = need(got(4), 'key change section 2');
  const newKt = need(s1.KT, 'KT');
  const cleared: MeterSecurityState = { ...state };
  delete cleared.pendingKeyChange;
  // A meter never goes back to an initialisation key (DITK) from an operational one.
  if (newKt === 0 && state.key.kt !== 0) {
    return { state: cleared, outcome: outcome('keyTypeError', { decoded }) };
  }
  const s3 = wide ? need(got(8), 'key change section 3') : undefined;
  const s4 = wide ? need(got(9), 'key change section 4') : undefined;
  const middle = s3 && s4 ? need(s3.keyWord, 'keyWord') + need(s4.keyWord, 'keyWord') : '';
  const decoderKey = need(s1.NKHO, 'NKHO') + middle + need(s2.NKLO, 'NKLO');
  prepareKey(decoderKey); // validates
  const key: MeterKey = {
    decoderKey,
    ken: need(s1.KENHO, 'KENHO') * 16 + need(s2.KENLO, 'KENLO'),
    kt: newKt,
    krn: need(s1.KRN, 'KRN'),
    ti: need(s2.TI, 'TI'),
  };
  if (s3 && s4) key.sgc = need(s4.SGCHO, 'SGCHO') * 4096 + need(s3.SGCLO, 'SGCLO');
  else if (state.key.sgc !== undefined) key.sgc = state.key.sgc;
  const rollover = s1.RO === 1;
  // RO = 1 moves the meter to a later base date: the old TIDs mean nothing under the new key.
  const next: MeterSecurityState = { ...cleared, key, usedTids: rollover ? [] : cleared.usedTids };
  return {
    state: next,
    outcome: outcome('accept', { decoded, effect: { type: 'keyChanged', key, rollover } }),
  };
}

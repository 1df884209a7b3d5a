import { decimalToUnits, decodeAmount, encodeAmount } from './amount.js';
import { encodeCredit } from './classes/credit.js';
import { encodeKeyChange } from './classes/key-change.js';
import {
  encodeClearCredit,
  encodeClearTamper,
  encodeSetMaximumPhasePowerUnbalanceLimit,
  encodeSetMaximumPowerLimit,
} from './classes/management.js';
import { encodeMeterTest } from './classes/meter-test.js';
import { encodeSetMaximumOverdraft, type VendorOverdraftProfile } from './classes/overdraft.js';
import { stsCrc16, usesCrcC } from './crc.js';
import { decodeToken } from './decode.js';
import { dkga02 } from './dkga02.js';
import { dkga04 } from './dkga04.js';
import { StsError } from './errors.js';
import { checkInt, hexToBytes, parseHex, toHex } from './hex.js';
import { checkDecoderKey, type PreparedKey, prepareKey } from './keys.js';
import { misty1Encrypt, misty1KeySchedule } from './misty1.js';
import { parseMeterPan } from './pan.js';
import { formatTid, tidFromDate } from './tid.js';
import { blockToDigits, encodeBlock, formatToken, tokenToHex66 } from './token.js';

/**
 * One JSON request → one JSON result. The CLI (`sts batch` and the human commands) and the vector
 * test both go through runOp, so the vectors check exactly what operators run. Field names follow
 * ../shared/vectors/sts-vectors.json. Throws StsError on bad input.
 */

export type OpRequest = { op: string } & Record<string, unknown>;
export type OpResult = Record<string, unknown>;

type Handler = (r: Record<string, unknown>) => OpResult;

const str = (r: Record<string, unknown>, k: string) => r[k] as string;
const num = (r: Record<string, unknown>, k: string) => r[k] as number;
const opt = <T>(r: Record<string, unknown>, k: string) =>
  r[k] === undefined || r[k] === null ? undefined : (r[k] as T);

/** Credit amounts: `amountUnits` (integer units), or `amount` as a decimal string in kWh/m³/min/currency. */
function creditAmount(r: Record<string, unknown>): number | bigint {
  const subclass = r.subclass as number;
  const currency = typeof subclass === 'number' && subclass >= 4 && subclass <= 7;
  if (r.amountUnits !== undefined) {
    const u = r.amountUnits;
    if (currency && typeof u === 'string' && /^-?\d+$/.test(u)) return BigInt(u);
    if (typeof u !== 'number')
      throw new StsError('INVALID_AMOUNT', 'amountUnits must be a whole number', 'amountUnits');
    return u;
  }
  if (r.amount !== undefined) {
    const units = decimalToUnits(String(r.amount), currency ? 5 : 1);
    return currency ? BigInt(units) : units;
  }
  throw new StsError(
    'INVALID_REQUEST',
    'give amountUnits (integer units) or amount (decimal)',
    'amountUnits',
  );
}

/**
 * The last decoder key used, prepared: a batch usually vends many tokens to one meter in a row,
 * and the key schedule costs more than a token.
 */
let lastKey: { hex: string; key: PreparedKey } | undefined;

function cachedKey(hex: unknown, field = 'decoderKey'): PreparedKey {
  if (typeof hex === 'string' && lastKey?.hex === hex) return lastKey.key;
  const key = prepareKey(hex as string, field);
  lastKey = { hex: hex as string, key };
  return key;
}

const tidInput = (r: Record<string, unknown>) => ({
  decoderKey: cachedKey(r.decoderKey),
  rnd: opt<number>(r, 'rnd'),
  tid: num(r, 'tid'),
  ken: opt<number>(r, 'ken'),
});

const CREDIT_UNITS = ['kWh', 'm³', 'm³', 'min'];
/** Units of 0.1 as a decimal string, without floating point. */
const formatUnits = (units: number) => `${Math.floor(units / 10)}.${units % 10}`;

const HANDLERS: Record<string, Handler> = {
  credit: (r) => ({
    token: encodeCredit({ ...tidInput(r), subclass: num(r, 'subclass') ?? 0, amountUnits: creditAmount(r) }),
  }),
  setMaximumPowerLimit: (r) => ({
    token: encodeSetMaximumPowerLimit({ ...tidInput(r), watts: num(r, 'watts') }),
  }),
  setMaximumPhasePowerUnbalanceLimit: (r) => ({
    token: encodeSetMaximumPhasePowerUnbalanceLimit({ ...tidInput(r), watts: num(r, 'watts') }),
  }),
  clearCredit: (r) => ({
    token: encodeClearCredit({ ...tidInput(r), register: (r.register ?? 'FFFF') as string }),
  }),
  clearTamper: (r) => ({ token: encodeClearTamper(tidInput(r)) }),
  setMaximumOverdraft: (r) => ({
    token: encodeSetMaximumOverdraft({
      ...tidInput(r),
      value: num(r, 'value'),
      profile: opt<VendorOverdraftProfile>(r, 'profile'),
    }),
  }),
  keyChange: (r) => ({
    tokens: encodeKeyChange({
      currentDecoderKey: str(r, 'currentDecoderKey'),
      newDecoderKey: str(r, 'newDecoderKey'),
      newKEN: num(r, 'newKEN'),
      newKRN: num(r, 'newKRN'),
      RO: (r.RO ?? 0) as number,
      newKT: num(r, 'newKT'),
      newTI: r.newTI as number,
      sgc: opt<string | number>(r, 'sgc') ?? opt<string | number>(r, 'newSGC'),
    }),
  }),
  meterTest: (r) => ({
    token: encodeMeterTest({
      subclass: num(r, 'subclass') ?? 0,
      controlHex: opt<string>(r, 'controlHex'),
      tests: opt<never[]>(r, 'tests'),
      mfrCode: (r.mfrCode ?? 0) as number,
    }),
  }),
  encodeBlock: (r) => {
    if (r.class === 3)
      throw new StsError('UNKNOWN_CLASS', 'token class 3 is reserved by IEC 62055-41', 'class');
    const tokenClass = checkInt(r.class, 0, 2, 'class');
    const subclass = checkInt(r.subclass, 0, 15, 'subclass');
    const body = parseHex(r.body44Hex, 11, 'body44Hex');
    let key = null;
    if (tokenClass !== 1) {
      const ea = checkDecoderKey(r.decoderKey);
      if (r.ea !== undefined && String(r.ea) !== ea) {
        throw new StsError(
          'KEY_MISMATCH',
          `ea ${String(r.ea)} does not match a ${ea === '07' ? 16 : 32}-digit key`,
          'ea',
        );
      }
      key = prepareKey(str(r, 'decoderKey'));
    }
    const top28 = Number(body >> 16n);
    const low16 = Number(body & 0xffffn);
    return { token: encodeBlock(key, tokenClass, subclass, top28, low16, usesCrcC(tokenClass, subclass)) };
  },
  decode: (r) => {
    const d = decodeToken(str(r, 'token'), opt<string>(r, 'decoderKey'), {
      vendorProfiles: opt<VendorOverdraftProfile[]>(r, 'vendorProfiles') ?? [],
    });
    const { tokenClass, token: _t, ...rest } = d;
    const result: OpResult = { class: tokenClass, ...rest };
    // Readable extras for field engineers: the amount with its unit, and the issue minute.
    if (d.amountUnits !== undefined)
      result.amount = `${formatUnits(d.amountUnits)} ${CREDIT_UNITS[d.subclass]}`;
    const base = opt<number>(r, 'base') ?? opt<number>(r, 'baseYear');
    if (d.tid !== undefined && base !== undefined) result.issued = formatTid(d.tid, base);
    return result;
  },
  dkga02: (r) => ({
    decoderKey: dkga02({
      vendingKey: str(r, 'vendingKey'),
      meterPAN: str(r, 'meterPAN'),
      kt: num(r, 'kt'),
      sgc: r.sgc as string,
      ti: r.ti as string,
      krn: num(r, 'krn'),
    }),
  }),
  dkga04: (r) => ({
    decoderKey: dkga04({
      vendingKey160: str(r, 'vendingKey160'),
      baseDate: r.baseDate as string,
      ea: str(r, 'ea') ?? '07',
      ti: r.ti as string,
      sgc: r.sgc as string,
      kt: num(r, 'kt'),
      krn: num(r, 'krn'),
      meterPAN: str(r, 'meterPAN'),
      L: opt<number>(r, 'L'),
    }),
  }),
  amount: (r) => {
    const units = r.units !== undefined ? (r.units as number) : decimalToUnits(String(r.amount ?? ''), 1);
    const field = encodeAmount(units, 'units');
    return { amountField: toHex(field, 4), effectiveUnits: decodeAmount(field) };
  },
  // --- building blocks, for field engineers and the vector suite ---
  crc16: (r) => {
    const data = parseHex(r.data50bitHex, 14, 'data50bitHex');
    return { crc16: toHex(stsCrc16(data, r.crcC === true), 4) };
  },
  tid: (r) => ({ tid: tidFromDate(str(r, 'at'), num(r, 'base') ?? num(r, 'baseYear')) }),
  tidDate: (r) => ({ at: formatTid(num(r, 'tid'), num(r, 'base') ?? num(r, 'baseYear')) }),
  pan: (r) => {
    const { pan: _p, ...rest } = parseMeterPan(r.meterPAN);
    return rest;
  },
  staEncrypt: (r) => {
    // Raw STA on a complete 64-bit block (the IEC worked example; sample tables on request).
    const key = prepareKey(str(r, 'decoderKey'), 'decoderKey', r.tables === 'sample');
    if (key.ea !== '07')
      throw new StsError('INVALID_KEY', 'staEncrypt takes a 16-hex-digit key', 'decoderKey');
    parseHex(r.plainBlock64, 16, 'plainBlock64');
    const block = str(r, 'plainBlock64');
    const out = new Int32Array(2);
    key.encrypt(Number.parseInt(block.slice(0, 8), 16), Number.parseInt(block.slice(8), 16), out);
    const tokenClass = checkInt(r.tokenClass ?? 0, 0, 3, 'tokenClass');
    const token = blockToDigits(tokenClass, out[0] ?? 0, out[1] ?? 0);
    return {
      encryptedBlock64: toHex((out[0] ?? 0) >>> 0, 8) + toHex((out[1] ?? 0) >>> 0, 8),
      token,
      token66hex: tokenToHex66(token),
    };
  },
  misty1Encrypt: (r) => {
    parseHex(r.key128, 32, 'key128');
    parseHex(r.plaintext, 16, 'plaintext');
    const ek = misty1KeySchedule(hexToBytes(str(r, 'key128')));
    const p = str(r, 'plaintext');
    const out = new Int32Array(2);
    misty1Encrypt(ek, Number.parseInt(p.slice(0, 8), 16), Number.parseInt(p.slice(8), 16), out);
    return { ciphertext: toHex((out[0] ?? 0) >>> 0, 8) + toHex((out[1] ?? 0) >>> 0, 8) };
  },
  format: (r) => ({ formatted: formatToken(str(r, 'token')) }),
};

export const OPS = Object.keys(HANDLERS);

export function runOp(request: unknown): OpResult {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new StsError('INVALID_REQUEST', 'a request must be a JSON object with an "op" field', 'op');
  }
  const r = request as Record<string, unknown>;
  const handler = typeof r.op === 'string' && Object.hasOwn(HANDLERS, r.op) ? HANDLERS[r.op] : undefined;
  if (!handler) {
    throw new StsError('UNKNOWN_OP', `unknown op ${JSON.stringify(r.op)}; known: ${OPS.join(', ')}`, 'op');
  }
  return handler(r);
}

/** One batch line → one output line (never throws): `{"error": "...", "code": "..."}` on failure. */
export function runBatchLine(line: string): string {
  if (line.trim() === '')
    return JSON.stringify({ error: 'empty line: expected a JSON request', code: 'INVALID_REQUEST' });
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: 'the line is not valid JSON', code: 'INVALID_REQUEST' });
  }
  try {
    return JSON.stringify(runOp(request));
  } catch (e) {
    if (e instanceof StsError) return JSON.stringify({ error: e.message, code: e.code });
    return JSON.stringify({ error: e instanceof Error ? e.message : String(e), code: 'INTERNAL' });
  }
}

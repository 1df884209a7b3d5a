import { StsError } from '../errors.js';
import { checkInt } from '../hex.js';
import { checkDecoderKey, type PreparedKey, prepareKey } from '../keys.js';
import { encodeBlock } from '../token.js';

/**
 * Key change (sts.md §8): the new key travels in sections, each encrypted under the CURRENT key.
 * EA07 (64-bit): 1st (2/3) KENHO|KRN|RO|Res|KT|key bits 63..32, 2nd (2/4) KENLO|TI|key bits 31..0.
 * EA11 (128-bit): 1st carries key bits 127..96, 2nd bits 31..0, 3rd (2/8) SGC low 12 bits + bits
 * 95..64, 4th (2/9) SGC high 12 bits + bits 63..32 [IMPL, vectors 04-CTSA05].
 */
export interface KeyChangeInput {
  currentDecoderKey: string | PreparedKey;
  /** The new key in natural order (same length as the current key). */
  newDecoderKey: string;
  /** Key expiry number of the new key, 0–255 (255 = never within its base date). */
  newKEN: number;
  /** Key revision number, 1–9 (0–15 fits the field; 1–9 are the defined values). */
  newKRN: number;
  /** Rollover: 1 when the new key is on a later base date; the meter then clears its TID memory. */
  RO: number;
  /** Key type 0–3 (2 = DUTK, the normal case). */
  newKT: number;
  /** Tariff index 0–99, sent as an 8-bit binary number. */
  newTI: number | string;
  /** New supply group code (6 digits); required for 128-bit keys, which carry it in sections 3–4. */
  sgc?: string | number;
}

function checkTi(ti: number | string): number {
  const n = typeof ti === 'string' && /^\d{1,2}$/.test(ti) ? Number(ti) : ti;
  return checkInt(n, 0, 99, 'newTI');
}

function checkSgc(sgc: string | number | undefined): number {
  const s = typeof sgc === 'number' ? String(sgc).padStart(6, '0') : sgc;
  if (typeof s !== 'string' || !/^\d{6}$/.test(s)) {
    throw new StsError('INVALID_SGC', 'sgc (supply group code) must be 6 decimal digits', 'sgc');
  }
  return Number(s);
}

export function encodeKeyChange(input: KeyChangeInput): string[] {
  const newEa = checkDecoderKey(input.newDecoderKey, 'newDecoderKey');
  const current =
    typeof input.currentDecoderKey === 'string'
      ? prepareKey(input.currentDecoderKey, 'currentDecoderKey')
      : input.currentDecoderKey;
  if (current.ea !== newEa) {
    throw new StsError(
      'KEY_MISMATCH',
      `the new key (EA${newEa}) must have the same length as the current key (EA${current.ea}); a change of algorithm is not a key-change token`,
      'newDecoderKey',
    );
  }
  const ken = checkInt(input.newKEN, 0, 255, 'newKEN');
  const krn = checkInt(input.newKRN, 0, 15, 'newKRN');
  const ro = checkInt(input.RO, 0, 1, 'RO');
  const kt = checkInt(input.newKT, 0, 3, 'newKT');
  const ti = checkTi(input.newTI);
  const hex = input.newDecoderKey;
  const word = (i: number) => Number.parseInt(hex.slice(8 * i, 8 * i + 8), 16);
  const words = hex.length / 8; // 2 or 4 big-endian 32-bit words
  const topWord = word(0);
  const lowWord = word(words - 1);

  const first = encodeBlock(
    current,
    2,
    3,
    ((ken >>> 4) << 24) | (krn << 20) | (ro << 19) | (kt << 16) | (topWord >>> 16),
    topWord & 0xffff,
  );
  const second = encodeBlock(
    current,
    2,
    4,
    ((ken & 15) << 24) | (ti << 16) | (lowWord >>> 16),
    lowWord & 0xffff,
  );
  if (newEa === '07') return [first, second];

  if (input.sgc === undefined) {
    throw new StsError(
      'INVALID_SGC',
      'a 128-bit key change needs the new sgc (sent in sections 3 and 4)',
      'sgc',
    );
  }
  const sgc = checkSgc(input.sgc);
  const w1 = word(1);
  const w2 = word(2);
  const third = encodeBlock(current, 2, 8, ((sgc & 0xfff) << 16) | (w1 >>> 16), w1 & 0xffff);
  const fourth = encodeBlock(current, 2, 9, (((sgc >>> 12) & 0xfff) << 16) | (w2 >>> 16), w2 & 0xffff);
  return [first, second, third, fourth];
}

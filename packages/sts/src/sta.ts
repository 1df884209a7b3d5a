/**
 * EA07 — the Standard Transfer Algorithm (sts.md §6): 16 rounds of key-selected 4-bit
 * substitution followed by a 64-bit bit permutation.
 *
 * Speed: a round is computed per byte of the block with one lookup in a precomputed table that
 * already holds "substitute both nibbles, then scatter the 8 bits to their permuted positions",
 * split into the high and low 32-bit words. Which S-box each nibble uses depends on one key bit
 * per nibble and round, so the key schedule is just the table offset of each (round, byte).
 * Everything stays in 32-bit integers; no BigInt on the hot path.
 */

export interface StaTables {
  s1: readonly number[];
  s2: readonly number[];
  /** index = source bit, value = destination bit */
  p: readonly number[];
}

/** The actual tables (leaked/public copies; licensed by the STS Association, see sts.md §0). */
export const STA_TABLES: StaTables = {
  s1: [14, 10, 7, 9, 12, 3, 2, 5, 13, 0, 15, 1, 4, 8, 6, 11],
  s2: [12, 8, 2, 13, 7, 6, 1, 3, 11, 5, 9, 15, 0, 4, 10, 14],
  p: [
    55, 42, 10, 18, 24, 21, 44, 35, 2, 22, 56, 43, 27, 58, 9, 50, 6, 36, 12, 61, 37, 38, 53, 16, 62, 3, 7, 4,
    32, 20, 63, 25, 51, 52, 54, 33, 49, 19, 46, 29, 48, 31, 23, 30, 41, 28, 13, 5, 40, 60, 39, 11, 15, 17, 1,
    0, 57, 34, 59, 8, 47, 14, 45, 26,
  ],
};

/** The sample tables printed in the IEC text; only for its worked example (vector STA-2). */
export const STA_SAMPLE_TABLES: StaTables = {
  s1: [12, 10, 8, 4, 3, 15, 0, 2, 14, 1, 5, 13, 6, 9, 7, 11],
  s2: [6, 9, 7, 4, 3, 10, 12, 14, 2, 13, 1, 15, 0, 11, 8, 5],
  p: [
    29, 27, 34, 9, 16, 62, 55, 2, 40, 49, 38, 25, 33, 61, 30, 23, 1, 41, 21, 57, 42, 15, 5, 58, 19, 53, 22,
    17, 48, 28, 24, 39, 3, 60, 36, 14, 11, 52, 54, 12, 31, 51, 10, 26, 0, 45, 37, 43, 44, 6, 59, 4, 7, 35, 56,
    50, 13, 18, 32, 47, 46, 63, 20, 8,
  ],
};

function invert(table: readonly number[]): number[] {
  const inv = new Array<number>(table.length);
  table.forEach((v, i) => {
    inv[v] = i;
  });
  return inv;
}

const IDENTITY16 = Array.from({ length: 16 }, (_, i) => i);
const IDENTITY64 = Array.from({ length: 64 }, (_, i) => i);

/**
 * Table indexed by ((byte·4 + sel)·256 + value): substitute the two nibbles of `value` (nibble k
 * uses `sB` when bit k of `sel` is 1, else `sA`), then move each bit of byte position `byte` to
 * its destination under `perm`. Two arrays: destination bits 63..32 and 31..0.
 */
function subPermTable(sA: readonly number[], sB: readonly number[], perm: readonly number[]) {
  const hi = new Int32Array(8 * 4 * 256);
  const lo = new Int32Array(8 * 4 * 256);
  for (let byte = 0; byte < 8; byte++) {
    for (let sel = 0; sel < 4; sel++) {
      for (let v = 0; v < 256; v++) {
        const low = (sel & 1 ? sB : sA)[v & 15] ?? 0;
        const high = (sel & 2 ? sB : sA)[v >>> 4] ?? 0;
        const s = low | (high << 4);
        let h = 0;
        let l = 0;
        for (let j = 0; j < 8; j++) {
          if ((s >>> j) & 1) {
            const dest = perm[byte * 8 + j] ?? 0;
            if (dest >= 32) h |= 1 << (dest - 32);
            else l |= 1 << dest;
          }
        }
        const i = (byte * 4 + sel) * 256 + v;
        hi[i] = h;
        lo[i] = l;
      }
    }
  }
  return { hi, lo };
}

type Table = ReturnType<typeof subPermTable>;

/**
 * Runs rounds [from, to) of the schedule on (hi, lo): per round, 8 lookups per output word.
 * Kept as one loop over locals (no per-round stores) — this is the engine's hot path.
 */
function rounds(
  t: Table,
  sched: Int32Array,
  from: number,
  to: number,
  hi: number,
  lo: number,
  out: Int32Array,
): void {
  const th = t.hi;
  const tl = t.lo;
  let h = hi | 0;
  let l = lo | 0;
  for (let r = from; r < to; r += 8) {
    const o0 = (sched[r] ?? 0) + (l & 255);
    const o1 = (sched[r + 1] ?? 0) + ((l >>> 8) & 255);
    const o2 = (sched[r + 2] ?? 0) + ((l >>> 16) & 255);
    const o3 = (sched[r + 3] ?? 0) + (l >>> 24);
    const o4 = (sched[r + 4] ?? 0) + (h & 255);
    const o5 = (sched[r + 5] ?? 0) + ((h >>> 8) & 255);
    const o6 = (sched[r + 6] ?? 0) + ((h >>> 16) & 255);
    const o7 = (sched[r + 7] ?? 0) + (h >>> 24);
    h =
      (th[o0] ?? 0) |
      (th[o1] ?? 0) |
      (th[o2] ?? 0) |
      (th[o3] ?? 0) |
      (th[o4] ?? 0) |
      (th[o5] ?? 0) |
      (th[o6] ?? 0) |
      (th[o7] ?? 0);
    l =
      (tl[o0] ?? 0) |
      (tl[o1] ?? 0) |
      (tl[o2] ?? 0) |
      (tl[o3] ?? 0) |
      (tl[o4] ?? 0) |
      (tl[o5] ?? 0) |
      (tl[o6] ?? 0) |
      (tl[o7] ?? 0);
  }
  out[0] = h;
  out[1] = l;
}

function keyBit(keyHi: number, keyLo: number, i: number): number {
  const j = ((i % 64) + 64) % 64;
  return j >= 32 ? (keyHi >>> (j - 32)) & 1 : (keyLo >>> j) & 1;
}

/** A decoder key prepared for one table set: the per-round table offsets. */
export interface StaKeySchedule {
  readonly enc: Int32Array;
  readonly dec: Int32Array;
}

export class StaCipher {
  private readonly enc: Table;
  private readonly decFirst: Table;
  private readonly decRound: Table;
  private readonly decLast: Table;

  constructor(tables: StaTables = STA_TABLES) {
    const s1i = invert(tables.s1);
    const s2i = invert(tables.s2);
    const pInv = invert(tables.p);
    this.enc = subPermTable(tables.s1, tables.s2, tables.p);
    // Decryption is Sinv(Pinv(D)) per round. Regrouped as Pinv, then 15 × (Sinv then Pinv), then a
    // final Sinv, every step has the same "substitute, then permute" shape as encryption.
    this.decFirst = subPermTable(IDENTITY16, IDENTITY16, pInv);
    this.decRound = subPermTable(s2i, s1i, pInv);
    this.decLast = subPermTable(s2i, s1i, IDENTITY64);
  }

  schedule(keyHi: number, keyLo: number): StaKeySchedule {
    const enc = new Int32Array(128);
    const dec = new Int32Array(128);
    for (let r = 0; r < 16; r++) {
      for (let b = 0; b < 8; b++) {
        // Encryption round r uses KR = ROL(ROR(NOT K, 12), r): bit i of KR = NOT bit (i − r + 12) of K.
        // Nibble n takes S2 when bit 4n+3 of KR is 1.
        const eLow = 1 - keyBit(keyHi, keyLo, 8 * b + 3 - r + 12);
        const eHigh = 1 - keyBit(keyHi, keyLo, 8 * b + 7 - r + 12);
        enc[r * 8 + b] = (b * 4 + (eLow | (eHigh << 1))) * 256;
        // Decryption round r uses KD = ROR(K, r): nibble n takes S1⁻¹ when bit 4n of KD is 1.
        const dLow = keyBit(keyHi, keyLo, 8 * b + r);
        const dHigh = keyBit(keyHi, keyLo, 8 * b + 4 + r);
        dec[r * 8 + b] = (b * 4 + (dLow | (dHigh << 1))) * 256;
      }
    }
    return { enc, dec };
  }

  /** Encrypts (hi, lo); the result lands in out[0], out[1] as signed 32-bit values. */
  encrypt(ks: StaKeySchedule, hi: number, lo: number, out: Int32Array): void {
    rounds(this.enc, ks.enc, 0, 128, hi, lo, out);
  }

  decrypt(ks: StaKeySchedule, hi: number, lo: number, out: Int32Array): void {
    // The first step is a plain permutation: every selector of decFirst is the identity S-box,
    // so any schedule row works; FIRST_ROW uses sel 0.
    rounds(this.decFirst, FIRST_ROW, 0, 8, hi, lo, out);
    rounds(this.decRound, ks.dec, 0, 120, out[0] ?? 0, out[1] ?? 0, out);
    rounds(this.decLast, ks.dec, 120, 128, out[0] ?? 0, out[1] ?? 0, out);
  }
}

const FIRST_ROW = Int32Array.from({ length: 8 }, (_, b) => b * 4 * 256);

let actual: StaCipher | undefined;
let sample: StaCipher | undefined;

/** The cipher with the actual tables (built on first use: ~256 KB of tables). */
export function staCipher(): StaCipher {
  actual ??= new StaCipher(STA_TABLES);
  return actual;
}

export function staSampleCipher(): StaCipher {
  sample ??= new StaCipher(STA_SAMPLE_TABLES);
  return sample;
}

// --- bigint convenience (tests, CLI, key derivation); the token path uses the 32-bit form ---

export function staEncrypt64(key: bigint, block: bigint, cipher: StaCipher = staCipher()): bigint {
  const ks = cipher.schedule(Number(key >> 32n), Number(key & 0xffffffffn));
  const out = new Int32Array(2);
  cipher.encrypt(ks, Number(block >> 32n), Number(block & 0xffffffffn), out);
  return (BigInt((out[0] ?? 0) >>> 0) << 32n) | BigInt((out[1] ?? 0) >>> 0);
}

export function staDecrypt64(key: bigint, block: bigint, cipher: StaCipher = staCipher()): bigint {
  const ks = cipher.schedule(Number(key >> 32n), Number(key & 0xffffffffn));
  const out = new Int32Array(2);
  cipher.decrypt(ks, Number(block >> 32n), Number(block & 0xffffffffn), out);
  return (BigInt((out[0] ?? 0) >>> 0) << 32n) | BigInt((out[1] ?? 0) >>> 0);
}

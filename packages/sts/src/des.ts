/**
 * Single DES (FIPS 46-3), one block, ECB, parity bits ignored — all DKGA02 needs. Written here
 * rather than taken from node:crypto because the package also runs in the browser, and OpenSSL 3
 * hides `des-ecb` behind the legacy provider anyway. The key schedule works on bit arrays (index
 * 0 = the standard's bit 1) and is cached for the last key, since a supply group derives many
 * meters under one vending key; the rounds use combined S-box+P tables on 32-bit words.
 */

// biome-ignore format: standard tables
const IP = [58,50,42,34,26,18,10,2,60,52,44,36,28,20,12,4,62,54,46,38,30,22,14,6,64,56,48,40,32,24,16,8,57,49,41,33,25,17,9,1,59,51,43,35,27,19,11,3,61,53,45,37,29,21,13,5,63,55,47,39,31,23,15,7];
// biome-ignore format: standard tables
const FP = [40,8,48,16,56,24,64,32,39,7,47,15,55,23,63,31,38,6,46,14,54,22,62,30,37,5,45,13,53,21,61,29,36,4,44,12,52,20,60,28,35,3,43,11,51,19,59,27,34,2,42,10,50,18,58,26,33,1,41,9,49,17,57,25];
// biome-ignore format: standard tables
const P = [16,7,20,21,29,12,28,17,1,15,23,26,5,18,31,10,2,8,24,14,32,27,3,9,19,13,30,6,22,11,4,25];
// biome-ignore format: standard tables
const PC1 = [57,49,41,33,25,17,9,1,58,50,42,34,26,18,10,2,59,51,43,35,27,19,11,3,60,52,44,36,63,55,47,39,31,23,15,7,62,54,46,38,30,22,14,6,61,53,45,37,29,21,13,5,28,20,12,4];
// biome-ignore format: standard tables
const PC2 = [14,17,11,24,1,5,3,28,15,6,21,10,23,19,12,4,26,8,16,7,27,20,13,2,41,52,31,37,47,55,30,40,51,45,33,48,44,49,39,56,34,53,46,42,50,36,29,32];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
// biome-ignore format: standard tables
const SBOX = [
  [14,4,13,1,2,15,11,8,3,10,6,12,5,9,0,7,0,15,7,4,14,2,13,1,10,6,12,11,9,5,3,8,4,1,14,8,13,6,2,11,15,12,9,7,3,10,5,0,15,12,8,2,4,9,1,7,5,11,3,14,10,0,6,13],
  [15,1,8,14,6,11,3,4,9,7,2,13,12,0,5,10,3,13,4,7,15,2,8,14,12,0,1,10,6,9,11,5,0,14,7,11,10,4,13,1,5,8,12,6,9,3,2,15,13,8,10,1,3,15,4,2,11,6,7,12,0,5,14,9],
  [10,0,9,14,6,3,15,5,1,13,12,7,11,4,2,8,13,7,0,9,3,4,6,10,2,8,5,14,12,11,15,1,13,6,4,9,8,15,3,0,11,1,2,12,5,10,14,7,1,10,13,0,6,9,8,7,4,15,14,3,11,5,2,12],
  [7,13,14,3,0,6,9,10,1,2,8,5,11,12,4,15,13,8,11,5,6,15,0,3,4,7,2,12,1,10,14,9,10,6,9,0,12,11,7,13,15,1,3,14,5,2,8,4,3,15,0,6,10,1,13,8,9,4,5,11,12,7,2,14],
  [2,12,4,1,7,10,11,6,8,5,3,15,13,0,14,9,14,11,2,12,4,7,13,1,5,0,15,10,3,9,8,6,4,2,1,11,10,13,7,8,15,9,12,5,6,3,0,14,11,8,12,7,1,14,2,13,6,15,0,9,10,4,5,3],
  [12,1,10,15,9,2,6,8,0,13,3,4,14,7,5,11,10,15,4,2,7,12,9,5,6,1,13,14,0,11,3,8,9,14,15,5,2,8,12,3,7,0,4,10,1,13,11,6,4,3,2,12,9,5,15,10,11,14,1,7,6,0,8,13],
  [4,11,2,14,15,0,8,13,3,12,9,7,5,10,6,1,13,0,11,7,4,9,1,10,14,3,5,12,2,15,8,6,1,4,11,13,12,3,7,14,10,15,6,8,0,5,9,2,6,11,13,8,1,4,10,7,9,5,0,15,14,2,3,12],
  [13,2,8,4,6,15,11,1,10,9,3,14,5,0,12,7,1,15,13,8,10,3,7,4,12,5,6,11,0,14,9,2,7,11,4,1,9,12,14,2,0,6,10,13,15,3,5,8,2,1,14,7,4,10,8,13,15,12,9,0,3,5,6,11],
];

function toBits(bytes: Uint8Array): Uint8Array {
  const bits = new Uint8Array(bytes.length * 8);
  for (let i = 0; i < bits.length; i++) bits[i] = ((bytes[i >> 3] ?? 0) >> (7 - (i & 7))) & 1;
  return bits;
}

/**
 * 64-bit permutation as 8 byte-indexed tables (like the STA engine): entry (byte·256 + value)
 * holds the output bits, as [hi, lo], that input byte `byte` with that value contributes.
 */
function permutationTable(table: readonly number[]): Int32Array {
  const t = new Int32Array(8 * 256 * 2);
  for (let byte = 0; byte < 8; byte++) {
    for (let v = 0; v < 256; v++) {
      let hi = 0;
      let lo = 0;
      for (let out = 0; out < 64; out++) {
        const src = (table[out] ?? 0) - 1; // 0 = most significant input bit
        if (src >> 3 !== byte || !((v >> (7 - (src & 7))) & 1)) continue;
        if (out < 32) hi |= 1 << (31 - out);
        else lo |= 1 << (63 - out);
      }
      t[(byte * 256 + v) * 2] = hi;
      t[(byte * 256 + v) * 2 + 1] = lo;
    }
  }
  return t;
}

const IP_TABLE = permutationTable(IP);
const FP_TABLE = permutationTable(FP);

/** SP[box·64 + six bits]: S-box output placed at its 4 bits, then the P permutation, as one word. */
const SP = (() => {
  const sp = new Int32Array(8 * 64);
  for (let box = 0; box < 8; box++) {
    for (let v = 0; v < 64; v++) {
      const row = ((v >> 4) & 2) | (v & 1);
      const col = (v >> 1) & 15;
      const s = SBOX[box]?.[row * 16 + col] ?? 0;
      const before = s << (28 - 4 * box); // bits 4·box+1 … 4·box+4, MSB first
      let after = 0;
      for (let j = 0; j < 32; j++) if ((before >>> (32 - (P[j] ?? 0))) & 1) after |= 1 << (31 - j);
      sp[box * 64 + v] = after;
    }
  }
  return sp;
})();

function permute64(t: Int32Array, hi: number, lo: number, out: Int32Array): void {
  let h = 0;
  let l = 0;
  for (let byte = 0; byte < 8; byte++) {
    const v = byte < 4 ? (hi >>> (24 - 8 * byte)) & 255 : (lo >>> (56 - 8 * byte)) & 255;
    const i = (byte * 256 + v) * 2;
    h |= t[i] ?? 0;
    l |= t[i + 1] ?? 0;
  }
  out[0] = h;
  out[1] = l;
}

/** The 16 round keys as 8 six-bit chunks each (128 bytes). Cached for the last key used. */
function subkeys(key: Uint8Array): Uint8Array {
  const bits = toBits(key);
  const cd = PC1.map((i) => bits[i - 1] ?? 0);
  const ks = new Uint8Array(128);
  let c = cd.slice(0, 28);
  let d = cd.slice(28);
  SHIFTS.forEach((shift, round) => {
    c = [...c.slice(shift), ...c.slice(0, shift)];
    d = [...d.slice(shift), ...d.slice(0, shift)];
    const k = PC2.map((i) => (i <= 28 ? (c[i - 1] ?? 0) : (d[i - 29] ?? 0)));
    for (let chunk = 0; chunk < 8; chunk++) {
      let v = 0;
      for (let b = 0; b < 6; b++) v = (v << 1) | (k[chunk * 6 + b] ?? 0);
      ks[round * 8 + chunk] = v;
    }
  });
  return ks;
}

let cachedKey = '';
let cachedSchedule: Uint8Array = new Uint8Array(0);

function schedule(key: Uint8Array): Uint8Array {
  const id = key.join(',');
  if (id !== cachedKey) {
    cachedSchedule = subkeys(key);
    cachedKey = id;
  }
  return cachedSchedule;
}

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n)) | 0;

function feistel(r: number, ks: Uint8Array, round: number): number {
  let f = 0;
  for (let box = 0; box < 8; box++) {
    // The E expansion gives box `box` bits 4·box … 4·box+5 of R (1-based, wrapping at 0 → 32):
    // rotate bit 4·box to the top and keep six bits.
    const six = (rotl(r, (4 * box - 1 + 32) % 32) >>> 26) ^ (ks[round * 8 + box] ?? 0);
    f |= SP[box * 64 + six] ?? 0;
  }
  return f;
}

function crypt(key: Uint8Array, block: Uint8Array, decrypt: boolean): Uint8Array {
  if (key.length !== 8 || block.length !== 8) throw new RangeError('DES needs an 8-byte key and block');
  const ks = schedule(key);
  const io = new Int32Array(2);
  const view = new DataView(block.buffer, block.byteOffset, 8);
  permute64(IP_TABLE, view.getUint32(0), view.getUint32(4), io);
  let l = io[0] ?? 0;
  let r = io[1] ?? 0;
  for (let i = 0; i < 16; i++) {
    const next = l ^ feistel(r, ks, decrypt ? 15 - i : i);
    l = r;
    r = next;
  }
  permute64(FP_TABLE, r, l, io);
  const out = new Uint8Array(8);
  const ov = new DataView(out.buffer);
  ov.setInt32(0, io[0] ?? 0);
  ov.setInt32(4, io[1] ?? 0);
  return out;
}

export function desEncrypt(key: Uint8Array, block: Uint8Array): Uint8Array {
  return crypt(key, block, false);
}

export function desDecrypt(key: Uint8Array, block: Uint8Array): Uint8Array {
  return crypt(key, block, true);
}

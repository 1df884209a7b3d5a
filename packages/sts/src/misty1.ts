/**
 * MISTY1 (RFC 2994), the block cipher of EA11 (IEC 62055-41:2018): 64-bit block, 128-bit key,
 * 8 rounds of FO with FL layers. Written from the RFC and checked with its test data.
 * Blocks are two 32-bit words (bits 63..32, 31..0), i.e. the RFC's big-endian byte order.
 */

function unpack(hex: string, width: number): Uint16Array {
  const out = new Uint16Array(hex.length / width);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * width, i * width + width), 16);
  return out;
}

/** S7 and S9 of RFC 2994 §2.3.2, as concatenated 2- and 3-digit hex. */
const S7 = unpack(
  '1b32335a3b1017545b1a72736b2c66491f24136c372e3f4a5d0f405625511c040b46200d7b3544422b1e41144b79156f' +
    '0e550936740c6753280a7e38020760291912652f303908685f782a4c6445753d594803577c4f623c1d215e276a704d3a' +
    '016d6e6318772305267600312d7a7f61502211064716524e713e6943345c587d',
  2,
);
const S9 = unpack(
  '1c30cb15319f1e30e90fb0351810b91171eb13300902d0d30c714a03707e0eb1641931d80a311e05502c01d1a2163118' +
    '14b1521d200f02b03013a0e511113818e0630e30c81f401b00109d0f81a016d1f301c14607d0d10821ea18312d0f419e' +
    '1d30dd1e21281e00ec05909101112f0260dc0b018c10f1f70e716c0b60f90d815110114c1030b815412b1ae01707100c' +
    '04705807f1a413412908415d19d1b21a304807c0511ca02313d1a716503b0420da1920ce0c106b09f1f112c1840fa196' +
    '1e116917d03118010a0941da18613e11c0601751cf06711906506809915000800717c0b70240190de1270db0e41a9052' +
    '10909019c1c10281b313516a1760df1e51880c516e1de1b10c31df0360ee1ee0f009304909a1b606908112500b05e0b4' +
    '1491c717403e13b1b708e1c60ae0100951ef04e0f21fd0850fd0f60a016f08308a15609b13c1071670981d01e90031fe' +
    '0bd1220890d218f01203306a1420ed17011b0e214f15813114705d1131cd0791611a517909e1b40cc02213201a0e8004' +
    '1871ed1970391bf1d702718b0c609c0d014e06c0341f206e0ca0250ba1910fe01310602f1ad1721db0c010b1d60f51ec' +
    '10d0761141ab07510c1e415905411f04b0c41be0f70290a400e1f007704d17a08608b0b31710bf10e10409715b160168' +
    '0d70bb0661ce0fc0921c506f01604a0a11390af0f119000a1aa14317b05618d1660d41fb14d19419a0871f81230a71b8' +
    '14103c1f914002a15511a1a11980d51261af06112e1571dc07218a0aa0961150ef04507b08d14505305f1780b202e020' +
    '1d503f1c91e71ac0440380140b116b0ab0b505a1821c81d40181770640cf06d10019913015a0051201bb1bd0e004f0d6' +
    '13f1c412a0150060ff19b0a604308805015f1e812107317e0bc0c20c91731891f50741cc1e61a819501f04100d1ba032' +
    '03d1d10800a80571b91621480d910506207a0211ff1121081c00a911d1b01a60cd0f305c10205b1d91441f60ad0a503a' +
    '1cb13617f0460e101e1dd0e61371fa18508c08f0401b50be0780000ac11015e1240021bc0a20ea0701fc11615c04c1c2',
  3,
);

function fi(input: number, subkey: number): number {
  let d9 = input >>> 7;
  let d7 = input & 0x7f;
  d9 = (S9[d9] ?? 0) ^ d7;
  d7 = (S7[d7] ?? 0) ^ (d9 & 0x7f);
  d7 ^= subkey >>> 9;
  d9 ^= subkey & 0x1ff;
  d9 = (S9[d9] ?? 0) ^ d7;
  return (d7 << 9) | d9;
}

/** Expanded key EK[0..31] (RFC 2994 §2.4): K, K' = FI(K_i, K_{i+1}), then the 9/7-bit splits of K'. */
export type Misty1Key = Uint16Array;

export function misty1KeySchedule(key: Uint8Array): Misty1Key {
  const ek = new Uint16Array(32);
  for (let i = 0; i < 8; i++) ek[i] = ((key[2 * i] ?? 0) << 8) | (key[2 * i + 1] ?? 0);
  for (let i = 0; i < 8; i++) {
    const kp = fi(ek[i] ?? 0, ek[(i + 1) % 8] ?? 0);
    ek[i + 8] = kp;
    ek[i + 16] = kp & 0x1ff;
    ek[i + 24] = kp >>> 9;
  }
  return ek;
}

function fo(ek: Misty1Key, input: number, k: number): number {
  let t0 = input >>> 16;
  let t1 = input & 0xffff;
  t0 ^= ek[k] ?? 0;
  t0 = fi(t0, ek[((k + 5) % 8) + 8] ?? 0);
  t0 ^= t1;
  t1 ^= ek[(k + 2) % 8] ?? 0;
  t1 = fi(t1, ek[((k + 1) % 8) + 8] ?? 0);
  t1 ^= t0;
  t0 ^= ek[(k + 7) % 8] ?? 0;
  t0 = fi(t0, ek[((k + 3) % 8) + 8] ?? 0);
  t0 ^= t1;
  t1 ^= ek[(k + 4) % 8] ?? 0;
  return ((t1 << 16) | t0) >>> 0;
}

function fl(ek: Misty1Key, input: number, k: number): number {
  let d0 = input >>> 16;
  let d1 = input & 0xffff;
  if (k % 2 === 0) {
    d1 ^= d0 & (ek[k / 2] ?? 0);
    d0 ^= d1 | (ek[((k / 2 + 6) % 8) + 8] ?? 0);
  } else {
    d1 ^= d0 & (ek[(((k - 1) / 2 + 2) % 8) + 8] ?? 0);
    d0 ^= d1 | (ek[((k - 1) / 2 + 4) % 8] ?? 0);
  }
  return ((d0 << 16) | d1) >>> 0;
}

function flInv(ek: Misty1Key, input: number, k: number): number {
  let d0 = input >>> 16;
  let d1 = input & 0xffff;
  if (k % 2 === 0) {
    d0 ^= d1 | (ek[((k / 2 + 6) % 8) + 8] ?? 0);
    d1 ^= d0 & (ek[k / 2] ?? 0);
  } else {
    d0 ^= d1 | (ek[((k - 1) / 2 + 4) % 8] ?? 0);
    d1 ^= d0 & (ek[(((k - 1) / 2 + 2) % 8) + 8] ?? 0);
  }
  return ((d0 << 16) | d1) >>> 0;
}

/** Encrypts the block (hi, lo) into out[0], out[1]. */
export function misty1Encrypt(ek: Misty1Key, hi: number, lo: number, out: Int32Array): void {
  let d0 = hi >>> 0;
  let d1 = lo >>> 0;
  // Rounds come in pairs: an FL layer on both halves, then FO into D1, then FO into D0.
  for (let i = 0; i < 8; i += 2) {
    d0 = fl(ek, d0, i);
    d1 = fl(ek, d1, i + 1);
    d1 = (d1 ^ fo(ek, d0, i)) >>> 0;
    d0 = (d0 ^ fo(ek, d1, i + 1)) >>> 0;
  }
  d0 = fl(ek, d0, 8);
  d1 = fl(ek, d1, 9);
  out[0] = d1;
  out[1] = d0;
}

export function misty1Decrypt(ek: Misty1Key, hi: number, lo: number, out: Int32Array): void {
  let d0 = lo >>> 0;
  let d1 = hi >>> 0;
  d0 = flInv(ek, d0, 8);
  d1 = flInv(ek, d1, 9);
  for (let i = 6; i >= 0; i -= 2) {
    d0 = (d0 ^ fo(ek, d1, i + 1)) >>> 0;
    d1 = (d1 ^ fo(ek, d0, i)) >>> 0;
    d0 = flInv(ek, d0, i);
    d1 = flInv(ek, d1, i + 1);
  }
  out[0] = d0;
  out[1] = d1;
}

/**
 * A tiny seeded PRNG (mulberry32) so property tests are random in coverage but reproducible:
 * a failure prints its seed and case, and rerunning gives the same inputs.
 */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (digits: number) => {
    let s = '';
    for (let i = 0; i < digits; i++) s += '0123456789ABCDEF'[int(0, 15)];
    return s;
  };
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, hex, pick, u32: () => int(0, 0xffffffff) };
}

/**
 * Why hot paths build objects with `withFields` (src/lib/with-fields.ts): microseconds per object for a
 * record-view shape (16 fields spread, 20 more) made three ways on this Node. Asserts nothing.
 *   npx tsx bench/object-spread.ts
 */
import { performance } from 'node:perf_hooks';
import { withFields } from '../src/lib/with-fields.js';

const base = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`a${i}`, i]));
const more = (i: number) => Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`b${k}`, i + k]));
const N = 50_000;
const fields = Array.from({ length: N }, (_, i) => more(i));

const ways: [string, (i: number) => object][] = [
  [
    '{ ...base, b0, b1, … } literal',
    (i) => {
      const f = fields[i] ?? {};
      return {
        ...base,
        b0: f.b0,
        b1: f.b1,
        b2: f.b2,
        b3: f.b3,
        b4: f.b4,
        b5: f.b5,
        b6: f.b6,
        b7: f.b7,
        b8: f.b8,
        b9: f.b9,
        b10: f.b10,
        b11: f.b11,
        b12: f.b12,
        b13: f.b13,
        b14: f.b14,
        b15: f.b15,
        b16: f.b16,
        b17: f.b17,
        b18: f.b18,
        b19: f.b19,
      };
    },
  ],
  ['{ ...base, ...fields }', (i) => ({ ...base, ...fields[i] })],
  ['withFields(base, fields)', (i) => withFields(base, fields[i] ?? {})],
];
console.log(`node ${process.version}: µs per object, ${N} objects`);
for (const [name, make] of ways) {
  for (let i = 0; i < 1000; i++) make(i);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) make(i);
  console.log(`  ${name.padEnd(32)} ${(((performance.now() - t0) * 1000) / N).toFixed(2)}`);
}

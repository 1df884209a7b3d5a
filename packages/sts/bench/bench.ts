import { decodeToken, dkga02, dkga04, encodeCredit, prepareKey } from '../src/index.js';
import { ea07Credit, measureRate, Yardstick } from './yardstick.js';

/**
 * `npm run bench -w packages/sts`: throughput on one core (this process is single-threaded).
 * Credit tokens are full 20-digit strings from the public API, with the meter's decoder key
 * prepared once (as a vending loop for one meter does). Figures only; tests never time anything.
 */

/** Set by the first line: the machine's speed the other rates are normalised with. */
let yardstick: Yardstick | undefined;

/**
 * Prints a rate per CPU-second of this thread (the yardstick's measure), normalised once the yardstick is
 * known, and the wall-clock rate.
 */
function measure(label: string, unit: string, fn: (i: number) => unknown, minMs = 1500): number {
  const { rate, wall } = measureRate(fn, minMs);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US').padStart(11);
  const norm = yardstick ? ` (norm. ${fmt(yardstick.perTime(rate)).trim()}/s)` : '';
  console.log(`${label.padEnd(50)} ${fmt(rate)} ${unit}/s${norm} (wall clock ${fmt(wall).trim()}/s)`);
  return rate;
}

const ea07 = prepareKey('E653341F9D5BF36F');
const ea11 = prepareKey('F94B6ED353C3BFDB113E2D3A7EA3C41D');
const token07 = encodeCredit({ decoderKey: ea07, subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 });
const token11 = encodeCredit({ decoderKey: ea11, subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 });

console.log(`@prepay/sts benchmark — Node ${process.version}, one core, rates per CPU-second`);
// The first line is the yardstick every other bench measures too (./yardstick.ts).
const credit07 = measure('EA07 credit tokens (key cached)', 'tokens', ea07Credit);
yardstick = new Yardstick(credit07);
console.log(yardstick.line());
measure('EA11 credit tokens (key cached)', 'tokens', (i) =>
  encodeCredit({ decoderKey: ea11, subclass: 0, rnd: i & 15, tid: i & 0xffffff, amountUnits: i % 100000 }),
);
measure('EA07 credit tokens (key as hex, set up per token)', 'tokens', (i) =>
  encodeCredit({
    decoderKey: 'E653341F9D5BF36F',
    subclass: 0,
    rnd: i & 15,
    tid: i & 0xffffff,
    amountUnits: 1,
  }),
);
measure('EA07 decode + CRC check', 'tokens', () => decodeToken(token07, ea07).crcOk, 1000);
measure('EA11 decode + CRC check', 'tokens', () => decodeToken(token11, ea11).crcOk, 1000);
measure(
  'DKGA02 derivations',
  'keys',
  (i) =>
    dkga02({
      vendingKey: 'ABABABABABABABAB',
      meterPAN: '600727000000000009',
      kt: 2,
      sgc: '123456',
      ti: '01',
      krn: (i % 9) + 1,
    }),
  1000,
);
measure(
  'DKGA04 derivations (EA07 key)',
  'keys',
  (i) =>
    dkga04({
      vendingKey160: 'ABABABABABABABAB949494949494949401234567',
      baseDate: '93',
      ea: '07',
      ti: '01',
      sgc: '123457',
      kt: 2,
      krn: (i % 9) + 1,
      meterPAN: '600727000000000009',
    }),
  1000,
);
console.log(
  credit07 >= 1_000_000
    ? 'target ≥ 1,000,000 EA07 credit tokens/s: met'
    : 'target ≥ 1,000,000 EA07 credit tokens/s: NOT met on this machine',
);

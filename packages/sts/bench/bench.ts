import { decodeToken, dkga02, dkga04, encodeCredit, prepareKey } from '../src/index.js';

/**
 * `npm run bench -w packages/sts`: throughput on one core (this process is single-threaded).
 * Credit tokens are full 20-digit strings from the public API, with the meter's decoder key
 * prepared once (as a vending loop for one meter does). Figures only; tests never time anything.
 */

/**
 * Rate per second of CPU time of this thread (process.cpuUsage), so other work on a busy machine
 * does not count against the engine; wall-clock rate alongside.
 */
function measure(label: string, unit: string, fn: (i: number) => unknown, minMs = 1500): number {
  let sink = 0;
  for (let i = 0; i < 20000; i++) sink ^= String(fn(i)).length; // warm-up for the JIT
  let n = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 10000; i++) sink ^= String(fn(n++)).length;
    elapsed = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const rate = (n / cpuMs) * 1000;
  const wall = (n / elapsed) * 1000;
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US').padStart(11);
  console.log(
    `${label.padEnd(50)} ${fmt(rate)} ${unit}/s (wall clock ${fmt(wall).trim()}/s)${sink < 0 ? '!' : ''}`,
  );
  return rate;
}

const ea07 = prepareKey('E653341F9D5BF36F');
const ea11 = prepareKey('F94B6ED353C3BFDB113E2D3A7EA3C41D');
const token07 = encodeCredit({ decoderKey: ea07, subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 });
const token11 = encodeCredit({ decoderKey: ea11, subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 });

console.log(`@prepay/sts benchmark — Node ${process.version}, one core, rates per CPU-second`);
const credit07 = measure('EA07 credit tokens (key cached)', 'tokens', (i) =>
  encodeCredit({ decoderKey: ea07, subclass: 0, rnd: i & 15, tid: i & 0xffffff, amountUnits: i % 100000 }),
);
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

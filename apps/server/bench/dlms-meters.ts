/**
 * `count` simulated DLMS meters listening on TCP (wrapper, no authentication) in a process of their own,
 * so a bench's figures are the head-end's, not the meters'. Prints one JSON line `{ "ports": [...] }` when
 * every meter listens, and the meters' firmware states on stdin's "report" line; ends on SIGTERM.
 */
import { createInterface } from 'node:readline';
import { listenSyntheticDlmsMeter, syntheticFleet, systemClock } from '@prepay/simulator';

const count = Number(process.argv[2] ?? 100);
const specs = syntheticFleet({ count, seed: 29 }).meters;
const sims = await Promise.all(specs.map((spec) => listenSyntheticDlmsMeter(spec, systemClock)));
const meters = sims.map((s) => s.meter);
const listeners = sims.map((s) => s.listener);
console.log(JSON.stringify({ ports: listeners.map((l) => l.port) }));

// "report": each meter's active firmware and blocks received, for the bench to check the images arrived.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'report') return;
  const decoder = new TextDecoder();
  const report = meters.map((m) => ({
    active: decoder.decode(m.imageTransfer.active),
    blocksReceived: m.imageTransfer.blocksReceived,
  }));
  console.log(JSON.stringify({ report }));
});
process.on('SIGTERM', async () => {
  await Promise.all(listeners.map((l) => l.close()));
  process.exit(0);
});

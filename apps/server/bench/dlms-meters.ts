/**
 * `count` simulated DLMS meters listening on TCP (wrapper, no authentication) in a process of their own,
 * so a bench's figures are the head-end's, not the meters'. Prints one JSON line `{ "ports": [...] }` when
 * every meter listens, and the meters' firmware states on stdin's "report" line; ends on SIGTERM.
 * "drop <meter index> <blocks>": that meter's link drops once, when it holds that many image blocks (a GPRS
 * connection lost mid-transfer); the next request goes unanswered and its connection is closed.
 */
import { createInterface } from 'node:readline';
import { listenSyntheticDlmsMeter, syntheticFleet, systemClock } from '@prepay/simulator';

const count = Number(process.argv[2] ?? 100);
const specs = syntheticFleet({ count, seed: 29 }).meters;
const sims = await Promise.all(specs.map((spec) => listenSyntheticDlmsMeter(spec, systemClock)));
const meters = sims.map((s) => s.meter);
const listeners = sims.map((s) => s.listener);
console.log(JSON.stringify({ ports: listeners.map((l) => l.port) }));

function dropAt(index: number, blocks: number) {
  const transfer = meters[index]?.imageTransfer;
  const listener = listeners[index];
  if (!transfer || !listener) return;
  const action = transfer.action.bind(transfer);
  transfer.action = (method, parameter) => {
    const done = action(method, parameter);
    if (transfer.blocksReceived === blocks) listener.mode = 'drop-once';
    return done;
  };
}

// "report": each meter's active firmware, blocks received and bytes its links carried, for the bench to
// check the images arrived and count the bytes on the wire.
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, a, b] = line.trim().split(/\s+/);
  if (command === 'drop') return dropAt(Number(a), Number(b));
  if (command !== 'report') return;
  const decoder = new TextDecoder();
  const report = meters.map((m, i) => ({
    active: decoder.decode(m.imageTransfer.active),
    blocksReceived: m.imageTransfer.blocksReceived,
    bytes: listeners[i]?.bytes ?? 0,
    connections: listeners[i]?.connections ?? 0,
  }));
  console.log(JSON.stringify({ report }));
});
process.on('SIGTERM', async () => {
  await Promise.all(listeners.map((l) => l.close()));
  process.exit(0);
});

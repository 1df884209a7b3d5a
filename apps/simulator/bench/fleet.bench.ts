import { spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DI, encodeFrame, FrameStream, readRequest } from '@prepay/dlt645';
import { closingLine, measureYardstick } from '@prepay/sts/yardstick';
import { benchLorawan } from './lorawan.js';

/**
 * Links held and requests per second answered by the simulator's GPRS meters. The simulator runs as
 * its own process (the CLI, as a head-end would meet it); this process plays a bare DTU listener,
 * waits for every registration, then keeps CONCURRENCY reads in flight over all links for a while.
 * Then the same over MQTT (bench/lorawan.ts). Prints figures; asserts nothing about time.
 */

const LINKS = Number(process.env.SIM_BENCH_LINKS ?? 10_000);
const SECONDS = Number(process.env.SIM_BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.SIM_BENCH_CONCURRENCY ?? 200);

interface Link {
  socket: Socket;
  address: string;
  stream: FrameStream;
  pending: number | undefined;
}

const yardstick = measureYardstick();
console.log(yardstick.line());

const links: Link[] = [];
const latencies: number[] = [];
let completed = 0;
let running = false;

const server = createServer((socket) => {
  let registration = '';
  const link: Link = { socket, address: '', stream: new FrameStream(), pending: undefined };
  socket.setNoDelay(true);
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    let rest = chunk;
    if (registration.length < 12) {
      const take = Math.min(12 - registration.length, rest.length);
      registration += rest.subarray(0, take).toString('ascii');
      rest = rest.subarray(take);
      if (registration.length === 12) {
        link.address = registration;
        links.push(link);
      }
    }
    if (rest.length === 0) return;
    for (const _ of link.stream.push(rest).frames) {
      if (link.pending === undefined) continue;
      latencies.push(performance.now() - link.pending);
      link.pending = undefined;
      completed++;
      if (running) send(pick());
    }
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', 4096, () => r()));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let cursor = 0;
function pick(): Link {
  for (;;) {
    const link = links[cursor++ % links.length];
    if (link && link.pending === undefined) return link;
  }
}
function send(link: Link): void {
  link.pending = performance.now();
  link.socket.write(encodeFrame(readRequest(link.address, DI.FORWARD_ACTIVE_TOTAL), { preamble: 4 }));
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'src/cli.ts', '--count', String(LINKS), '--tcp', `127.0.0.1:${port}`, '--tick', '200'],
  { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'ignore', 'inherit'] },
);
const t0 = performance.now();
while (links.length < LINKS) {
  if (child.exitCode !== null) throw new Error(`simulator exited with ${child.exitCode}`);
  await new Promise((r) => setTimeout(r, 100));
}
const dialSeconds = (performance.now() - t0) / 1000;
console.log(
  `links held: ${links.length} GPRS links registered in ${yardstick.ms(dialSeconds, 's')} (simulator start included)`,
);

running = true;
const start = performance.now();
for (let i = 0; i < Math.min(CONCURRENCY, links.length); i++) send(pick());
await new Promise((r) => setTimeout(r, SECONDS * 1000));
running = false;
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
console.log(
  `requests: ${completed} reads answered in ${elapsed.toFixed(1)} s = ${yardstick.rateOf(completed / elapsed, 'reads/s')} ` +
    `with ${CONCURRENCY} in flight; latency p50 ${yardstick.ms(pct(0.5))}, p99 ${yardstick.ms(pct(0.99))}`,
);
console.log(`links still up after the run: ${links.filter((l) => !l.socket.destroyed).length}`);

const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
child.kill('SIGTERM');
console.log(`simulator exit code after SIGTERM: ${await exited}`);
for (const l of links) l.socket.destroy();
server.close();

await benchLorawan(Number(process.env.SIM_BENCH_LORA_METERS ?? 1000), SECONDS, CONCURRENCY, yardstick);
console.log(closingLine(yardstick));

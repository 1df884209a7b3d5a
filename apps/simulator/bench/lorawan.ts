import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DI, decodeFrame, diFromBytes, encodeFrame, readRequest } from '@prepay/dlt645';
import type { Yardstick } from '@prepay/sts/yardstick';
import mqtt from 'mqtt';
import { syntheticFleet } from '../src/index.js';

/**
 * LoRaWAN requests per second: mosquitto on a free port, the simulator CLI playing ChirpStack for
 * `meters` synthetic meters (Class C delivery delay 0), and this process as the head-end publishing
 * downlinks with `concurrency` in flight and timing each until its reply uplink.
 */
export async function benchLorawan(
  meters: number,
  seconds: number,
  concurrency: number,
  yardstick: Yardstick,
): Promise<void> {
  const broker = await startBroker();
  let sim: ChildProcess | undefined;
  try {
    const head = await connectWithRetry(broker.url);
    const targets = syntheticFleet({ count: meters, transport: 'lorawan' }).meters.map((m) => ({
      devEui: m.devEui ?? '',
      data: Buffer.from(encodeFrame(readRequest(m.address, DI.FORWARD_ACTIVE_TOTAL))).toString('base64'),
    }));
    const pending = new Map<string, number>();
    const latencies: number[] = [];
    let running = false;
    let cursor = 0;
    const send = () => {
      for (;;) {
        const m = targets[cursor++ % targets.length];
        if (!m || pending.has(m.devEui)) continue;
        pending.set(m.devEui, performance.now());
        const body = { id: `${cursor}`, devEui: m.devEui, confirmed: false, fPort: 2, data: m.data };
        head.publish(`application/bench/device/${m.devEui}/command/down`, JSON.stringify(body));
        return;
      }
    };
    head.on('message', (topic, payload) => {
      const devEui = topic.split('/')[3] ?? '';
      const t = pending.get(devEui);
      // Only the reply to the read counts, not a status uplink that happens to come in between.
      if (t === undefined || !isEnergyReply(JSON.parse(payload.toString('utf8')).data)) return;
      pending.delete(devEui);
      latencies.push(performance.now() - t);
      if (running) send();
    });
    await head.subscribeAsync('application/+/device/+/event/up');
    sim = await spawnSimulator(broker.url, meters);
    running = true;
    const start = performance.now();
    for (let i = 0; i < Math.min(concurrency, meters); i++) send();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    running = false;
    report(
      latencies,
      (performance.now() - start) / 1000,
      `${meters} meters, ${concurrency} in flight, via mosquitto`,
      yardstick,
    );
    await head.endAsync();
  } finally {
    if (sim) {
      const exited = new Promise((r) => sim?.once('exit', r));
      sim.kill('SIGTERM');
      await exited;
    }
    broker.stop();
  }
}

function report(latencies: number[], elapsed: number, setup: string, yardstick: Yardstick): void {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  console.log(
    `lorawan: ${latencies.length} downlinks answered by uplink in ${elapsed.toFixed(1)} s = ` +
      `${yardstick.rateOf(latencies.length / elapsed, 'downlinks/s')} (${setup}); latency p50 ${yardstick.ms(pct(0.5))}, p99 ${yardstick.ms(pct(0.99))}`,
  );
}

async function startBroker(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-'));
  writeFileSync(join(dir, 'm.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const broker = spawn('/usr/sbin/mosquitto', ['-c', join(dir, 'm.conf')], { stdio: 'ignore' });
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: () => {
      broker.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The simulator CLI for `meters` synthetic LoRaWAN meters; resolves once it is on the broker. */
async function spawnSimulator(url: string, meters: number): Promise<ChildProcess> {
  const args = [
    '--import',
    'tsx',
    'src/cli.ts',
    '--count',
    String(meters),
    '--transport',
    'lorawan',
    '--mqtt',
    url,
  ];
  args.push('--application-id', 'bench', '--downlink-delay', '0', '--status-interval', '86400');
  const sim = spawn(process.execPath, args, {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    sim.stdout?.on('data', (d: Buffer) => d.includes('downlinks-subscribed') && resolve()),
  );
  return sim;
}

function isEnergyReply(data: unknown): boolean {
  try {
    const frame = decodeFrame(Buffer.from(String(data), 'base64'));
    return frame.control === 0x91 && diFromBytes(frame.data) === DI.FORWARD_ACTIVE_TOTAL;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const address = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function connectWithRetry(url: string) {
  for (let i = 0; ; i++) {
    try {
      return await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1000 });
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

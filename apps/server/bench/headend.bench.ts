/**
 * Head-end bench: 10,000 GPRS meters dial in over TCP and are held; then requests/second and p50/p99
 * latency through the head-end's exchange primitive, over TCP and over MQTT (embedded broker, the
 * simulator playing ChirpStack with instant Class C delivery). The simulator runs as its own process
 * (its CLI), as npm start runs it. Per transport: paced runs at offered loads (BENCH_RATES, default
 * 1,000 and 2,000 req/s — the target is ≥1,000 req/s with p99 < 200 ms; latency counted from when each
 * request was due), then a max-throughput run at a fixed concurrency. Prints figures; asserts nothing.
 *   npm run bench server            (or: npm run bench -w apps/server)
 *   BENCH_GPRS=10000 BENCH_LORA=2000 BENCH_REQUESTS=20000 BENCH_TCP_CONCURRENCY=256 BENCH_MQTT_CONCURRENCY=128
 *   BENCH_RATES=1000,2000 BENCH_PACED_SECONDS=10
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DI, readRequest } from '@prepay/dlt645';
import { type FleetSpec, syntheticFleet } from '@prepay/simulator';
import { closingLine } from '@prepay/sts/yardstick';
import { openPglite } from '../src/db/client.js';
import { gateways, meters } from '../src/db/schema.js';
import { startHeadEnd } from '../src/headend/head-end.js';
import { silentLog } from '../src/headend/types.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { testConfig } from '../test/test-config.js';
import { benchYardstick, percentile, startSimulator, stopProcess, until } from './bench-setup.js';

const GPRS = Number(process.env.BENCH_GPRS ?? 10_000);
const LORA = Number(process.env.BENCH_LORA ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
/** Requests in flight at once (each to a different meter): TCP, MQTT. */
const TCP_CONCURRENCY = Number(process.env.BENCH_TCP_CONCURRENCY ?? 256);
const MQTT_CONCURRENCY = Number(process.env.BENCH_MQTT_CONCURRENCY ?? 128);
/** Offered loads (requests/s) for the paced runs — the target is ≥1,000 req/s with p99 < 200 ms — and their length. */
const RATES = (process.env.BENCH_RATES ?? '1000,2000').split(',').map(Number);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 10);
const APPLICATION_ID = '5e1f0c3a-7b2d-4e59-9c1a-2f6d8e0b4a71';
const dir = mkdtempSync(path.join(os.tmpdir(), 'headend-bench-'));

const simulator = (spec: FleetSpec, name: string, args: string[]) =>
  startSimulator(dir, name, spec, ['--downlink-delay', '0', ...args]);
const stop = stopProcess;

/** The head-end's event loop (it shares this process) during a run: p99 and worst delay. */
function loopDelay() {
  const h = monitorEventLoopDelay({ resolution: 10 });
  const cpu = process.cpuUsage();
  h.enable();
  return (requests: number) => {
    h.disable();
    const used = process.cpuUsage(cpu);
    // CPU per request in this process (head-end, broker, database): comparable on a loaded machine.
    const perRequest = (used.user + used.system) / Math.max(1, requests);
    return `loop delay p99 ${yardstick.ms(h.percentile(99) / 1e6)} max ${yardstick.ms(h.max / 1e6)}, head-end CPU ${yardstick.ms(perRequest, 'µs')}/request`;
  };
}

/** What a run drives: the meters (round-robin) and one exchange with a meter. */
interface Target {
  ids: string[];
  exchange: (meterId: string) => Promise<{ ok: boolean }>;
}

/**
 * One run's figures: each exchange's latency and failure as it answers, and the printed line (requests,
 * req/s, p50/p99/max, failures, `how` the load was offered, the event loop's delay and CPU).
 */
function runFigures(label: string) {
  const latencies: number[] = [];
  let failures = 0;
  const loop = loopDelay();
  const start = performance.now();
  return {
    start,
    /** Times `exchange` from `due` (when it was due to be sent). */
    async record(exchange: Promise<{ ok: boolean }>, due: number) {
      const r = await exchange;
      latencies.push(performance.now() - due);
      if (!r.ok) failures++;
    },
    print(how: string) {
      const seconds = (performance.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      const ms = (q: number) => yardstick.ms(percentile(latencies, q));
      console.log(
        `${label.padEnd(6)} ${String(latencies.length).padStart(6)} requests, ${yardstick.rateOf(latencies.length / seconds, 'req/s')}, p50 ${ms(0.5)}, p99 ${ms(0.99)}, max ${ms(1)}, failures ${failures} (${how}; ${loop(latencies.length)})`,
      );
    },
  };
}

/**
 * Offered load: `rate` exchanges a second for `seconds`, sent on schedule (every 10 ms, whatever is due)
 * whether or not earlier ones have answered, round-robin over the meters. Latency counts from when a
 * request was due, so a stalled event loop shows in p99 instead of silently slowing the sender.
 */
async function paced(label: string, { ids, exchange }: Target, rate: number, seconds: number) {
  const run = runFigures(label);
  const pending: Promise<void>[] = [];
  const total = Math.round(rate * seconds);
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - run.start) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      pending.push(run.record(exchange(ids[sent % ids.length] ?? ''), run.start + (sent / rate) * 1000));
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(pending);
  run.print(`offered ${rate}/s for ${seconds} s`);
}

/** Max throughput: `total` exchanges spread round-robin over the meters, `concurrency` in flight at once. */
async function load(label: string, { ids, exchange }: Target, total: number, concurrency: number) {
  const run = runFigures(label);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, ids.length) }, async (_, w) => {
      for (let k = w; ; k += concurrency) {
        if (next >= total) return;
        next++;
        const sentAt = performance.now();
        await run.record(exchange(ids[k % ids.length] ?? ''), sentAt);
      }
    }),
  );
  run.print(`max throughput: concurrency ${concurrency}`);
}

/** A transport's runs: a warm-up, a paced run at each offered load, then a max-throughput run. */
async function runsOver(label: string, target: Target, concurrency: number) {
  await load('warmup', target, 2_000, concurrency);
  for (const rate of RATES) await paced(label, target, rate, PACED_SECONDS);
  await load(label, target, REQUESTS, concurrency);
}

async function main() {
  const gprsSpec = syntheticFleet({ count: GPRS, transport: 'gprs', seed: 3 });
  const loraSpec = {
    ...syntheticFleet({ count: LORA, transport: 'lorawan', seed: 5 }),
    applicationId: APPLICATION_ID,
  };
  const loraIds = new Set(loraSpec.meters.map((m) => m.meterId));
  gprsSpec.meters = gprsSpec.meters.filter((m) => !loraIds.has(m.meterId));

  const database = await openPglite({});
  await database.migrate();
  const config = testConfig();
  await bootstrap(database.db, config);
  const { db } = database;
  const rows = [...gprsSpec.meters, ...loraSpec.meters].map((m) => ({
    meterId: m.meterId,
    communicationWay: m.communicationWay,
    devEui: m.communicationWay === 1 ? m.devEui : null,
    stationId: '0001',
  }));
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(meters).values(rows.slice(i, i + 1_000));
  await db
    .insert(gateways)
    .values(loraSpec.gateways.map((g) => ({ gatewayId: g.gatewayId, stationId: '0001' })));

  const headend = await startHeadEnd(
    {
      ...config.headend,
      mqttUrl: undefined,
      mqttPort: 0,
      headendPort: 'ephemeral',
      headendHost: '127.0.0.1',
      chirpstackApplicationId: APPLICATION_ID,
    },
    db,
    silentLog,
  );
  const dtus = simulator(gprsSpec, 'gprs', ['--tcp', `127.0.0.1:${headend.gprsPort}`]);
  const t0 = performance.now();
  await until(
    `${gprsSpec.meters.length} GPRS links`,
    () => headend.gprsLinkCount() >= gprsSpec.meters.length,
    300_000,
  );
  console.log(
    `links  ${headend.gprsLinkCount()} GPRS links held at once (all registered in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const read = (meterId: string) =>
    headend.exchange(meterId, readRequest(meterId.padStart(12, '0'), DI.FORWARD_ACTIVE_TOTAL));
  await runsOver('TCP', { ids: gprsSpec.meters.map((m) => m.meterId), exchange: read }, TCP_CONCURRENCY);
  console.log(`links  ${headend.gprsLinkCount()} GPRS links still held after the load`);
  await stop(dtus);

  const lora = simulator(loraSpec, 'lora', ['--mqtt', headend.mqttUrl]);
  await until(
    'the LoRaWAN gateways online',
    () => headend.state.gatewaySnapshot().filter((g) => g.online).length >= loraSpec.gateways.length,
    60_000,
  );
  await runsOver('MQTT', { ids: loraSpec.meters.map((m) => m.meterId), exchange: read }, MQTT_CONCURRENCY);
  await stop(lora);

  await headend.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

const yardstick = benchYardstick('head-end bench');
await main();
console.log(closingLine(yardstick));

/**
 * Failover bench: what synchronous replication costs a vend, and how long selling stops when the primary
 * dies. Credit vends through HTTP (one server process, BENCH_CLIENTS (16) clients, BENCH_SECONDS (10) s)
 * on a single throw-away PostgreSQL and on a pg_auto_failover pair (primary + synchronous standby,
 * scripts/pg-failover.mjs), both with fsync off and synchronous_commit on, so the difference is the wait
 * for the standby. Then BENCH_FAILOVERS (3) times under the same load: SIGKILL the primary, measure until
 * a vend sent after the kill is acknowledged, bring the dead node back as a standby. Prints the yardstick
 * and every figure as measured and normalised. Asserts nothing.
 *   npx tsx bench/failover.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closingLine, type Yardstick } from '@prepay/sts/yardstick';
// @ts-expect-error plain ESM helper without types
import { startFailoverPair } from '../../../scripts/pg-failover.mjs';
import { openPostgres } from '../src/db/client.js';
import { seedVendableMeters } from '../test/ops-fixture.js';
import { type RunningServer, startServer } from '../test/server-process.js';
import { vendingClients } from '../test/vend-load.js';
import { benchYardstick, machineLine, percentile, startPostgres, until } from './bench-setup.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FAILOVERS = Number(process.env.BENCH_FAILOVERS ?? 3);
const METERS = 64;

interface Pair {
  url: string;
  steady(): Promise<string>;
  kill(name: string): void;
  restart(name: string): void;
  stop(): Promise<void>;
}

/** A server process on `url` with vendable meters, and the clients' load against it. */
async function withServer<T>(url: string, run: (server: RunningServer, meters: string[]) => Promise<T>) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'prepay-failover-bench-'));
  const meters = await seedVendableMeters(await openPostgres(url, 2), work, METERS);
  const server = await startServer({ DATABASE_URL: url, DATA_DIR: work, SEED: 'none', HEADEND: 'off' });
  try {
    return await run(server, meters);
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Vends/s and latency percentiles of SECONDS of steady load. */
async function steadyLoad(base: string, meters: string[], label: string, y: Yardstick) {
  let stop = false;
  const load = vendingClients(base, meters, {
    clients: CLIENTS,
    prefix: `bench-${label}`,
    stop: () => stop,
    giveUpMs: 60_000,
  });
  await new Promise((r) => setTimeout(r, 2000)); // warm-up: logins, prepared statements
  const from = Date.now();
  const counted = load.tally.acks.length;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const acks = load.tally.acks.slice(counted).filter((a) => a.sentAt >= from);
  const elapsed = (Date.now() - from) / 1000;
  stop = true;
  await load.done;
  const latency = acks.map((a) => a.ackedAt - a.sentAt).sort((a, b) => a - b);
  console.log(
    `${label}: ${y.rateOf(acks.length / elapsed, 'vends/s')}, p50 ${y.ms(percentile(latency, 0.5))}, p99 ${y.ms(percentile(latency, 0.99))}`,
  );
}

/** FAILOVERS times: kill the primary under load, time until vending is back, return the dead node. */
async function failovers(pair: Pair, base: string, meters: string[], y: Yardstick) {
  let stop = false;
  const load = vendingClients(base, meters, {
    clients: CLIENTS,
    prefix: 'bench-fo',
    stop: () => stop,
    giveUpMs: 120_000,
  });
  const windows: number[] = [];
  for (let i = 0; i < FAILOVERS; i++) {
    const primary = await pair.steady();
    const before = load.tally.acks.length;
    await until('vending', () => load.tally.acks.length >= before + 40, 60_000);
    const killedAt = Date.now();
    pair.kill(primary);
    const after = () => load.tally.acks.find((a) => a.sentAt > killedAt);
    await until('vending back', () => after() !== undefined, 120_000);
    const window = ((after()?.ackedAt ?? killedAt) - killedAt) / 1000;
    windows.push(window);
    console.log(`failover ${i + 1}: ${primary} killed, selling again after ${y.ms(window, 's')}`);
    pair.restart(primary);
  }
  stop = true;
  await load.done;
  const { retryableApi, retryableBalancer, wrong } = load.tally;
  const mean = windows.reduce((a, b) => a + b, 0) / windows.length;
  console.log(
    `unavailability over ${FAILOVERS} failovers: mean ${y.ms(mean, 's')}, worst ${y.ms(Math.max(...windows), 's')}; ${retryableApi + retryableBalancer} retryable answers, ${wrong.length} wrong ones`,
  );
}

async function main() {
  const y = benchYardstick('failover bench');
  console.log('(the machine is shared with other work: wall-clock figures vary with its load)');
  process.env.PG_EXTRA_OPTS = `${process.env.PG_EXTRA_OPTS ?? ''} -c synchronous_commit=on`;
  const single = await startPostgres();
  try {
    await withServer(single.url, (server, meters) => steadyLoad(server.base, meters, 'single PostgreSQL', y));
  } finally {
    single.stop();
  }
  const pair = (await startFailoverPair()) as Pair;
  try {
    await withServer(pair.url, async (server, meters) => {
      await steadyLoad(server.base, meters, 'primary + synchronous standby', y);
      await failovers(pair, server.base, meters, y);
    });
  } finally {
    await pair.stop();
  }
  console.log(machineLine('failover bench, at the end'));
  console.log(closingLine(y));
}

await main();

/**
 * `npm run bench -- firmware`: a 512 KB firmware image sent to 100 simulated DLMS meters by the head-end's
 * firmware runner, as in production: tasks queued by the firmware service, each claimed by the runner and
 * sent over the meter's DLMS association opened by the DLMS transport (image transfer, class 18, over the
 * IEC 62056-47 wrapper on TCP to the meter's address and port), on PGlite and on a throw-away PostgreSQL.
 * The meters run in a process of their own (bench/dlms-meters.ts), which also counts the bytes their links
 * carried. One meter's link drops a third of the way through; the runner tries again at once and the
 * transfer resumes at the meter's first missing block. Prints the wall time for the fleet, meters per
 * minute, each meter's time in its associations (p50/p99), the server's CPU per meter and the bytes on the
 * wire against the image's, measured and normalised by the yardstick.
 * Knobs: BENCH_METERS (100), BENCH_IMAGE_KB (512), BENCH_PARALLEL (25 associations at once), BENCH_ENGINES.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { closingLine, type Yardstick } from '@prepay/sts/yardstick';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../src/db/client.js';
import type { Deps } from '../src/deps.js';
import { systemClock } from '../src/lib/clock.js';
import type { UserContext } from '../src/lib/user-context.js';
import { createDlmsLink } from '../src/modules/dlms-link/index.js';
import {
  createFirmwareRunner,
  createFirmwareService,
  type MeterSessions,
} from '../src/modules/firmware/index.js';
import { testConfig } from '../test/test-config.js';
import {
  benchEngines,
  benchMeterId,
  benchYardstick,
  cpuScope,
  onEngine,
  percentile,
  seedVendData,
  stopProcess,
} from './bench-setup.js';

const METERS = Number(process.env.BENCH_METERS ?? 100);
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_KB ?? 512) * 1024;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 25);
/** The image transfer's block size (the simulated meter's ImageBlockSize). */
const BLOCK = 192;

const admin: UserContext = {
  user: {
    sessionId: 'bench',
    userId: 'admin',
    roleId: '',
    roleName: '',
    roleContent: [],
    stationId: '',
    isSystemAdmin: true,
    mustChangePassword: false,
  },
  actor: { userId: 'admin', stationId: null, ipAddress: null },
};

interface MeterReport {
  active: string;
  blocksReceived: number;
  bytes: number;
  connections: number;
}

/** The meters' process, its ports, a way to drop a link, and a way to ask what each meter now runs. */
async function startMeters(count: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'dlms-meters.ts'), String(count)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines: Interface = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const { ports } = JSON.parse(await next()) as { ports: number[] };
  return {
    ports,
    dropAt: (index: number, blocks: number) => child.stdin?.write(`drop ${index} ${blocks}\n`),
    async report(): Promise<MeterReport[]> {
      const answer = next();
      child.stdin?.write('report\n');
      return (JSON.parse(await answer) as { report: MeterReport[] }).report;
    },
    stop: () => stopProcess(child),
  };
}
type Meters = Awaited<ReturnType<typeof startMeters>>;

/** Points the bench's meters at the simulated meters' ports: the DLMS transport dials what the record says. */
async function addressMeters(database: Database, ports: number[]) {
  for (let i = 0; i < METERS; i++) {
    await database.db.execute(
      sql`update meters set ip_address = '127.0.0.1', ip_port = ${ports[i] ?? 0}, protocol_version = '1.1'
          where meter_id = ${benchMeterId(i + 1)}`,
    );
  }
}

/** The DLMS transport, timing each meter's associations (every attempt of its task counted). */
function timedSessions(deps: Deps, times: Map<string, number>): MeterSessions {
  const link = createDlmsLink(deps, { maxSessions: PARALLEL, timeoutMs: 10_000 });
  return {
    async withSession(meterId, fn) {
      const t0 = performance.now();
      try {
        return await link.withSession(meterId, fn);
      } finally {
        times.set(meterId, (times.get(meterId) ?? 0) + performance.now() - t0);
      }
    },
  };
}

async function sendAll(database: Database, meters: Meters, version: string) {
  const deps = { database, clock: systemClock, config: testConfig() } as unknown as Deps;
  const firmware = createFirmwareService(deps);
  const fileName = `PM-DLMS-${version}.bin`;
  const image = Buffer.from(Uint8Array.from({ length: IMAGE_BYTES }, (_, i) => (i * 131 + 17) & 0xff));
  await firmware.upload(admin, 'meter', { name: fileName, buf: image });
  await addressMeters(database, meters.ports);
  await firmware.createTasks(
    admin,
    Array.from({ length: METERS }, (_, i) => ({ meterId: benchMeterId(i + 1), fileName })),
  );
  // A third of the way the first meter's link drops; the runner sends the task again and it resumes.
  const dropAt = Math.floor(IMAGE_BYTES / BLOCK / 3);
  meters.dropAt(0, dropAt);
  const before = await meters.report();
  const times = new Map<string, number>();
  const runner = createFirmwareRunner(deps, firmware, timedSessions(deps, times));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await runner.wake();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await runner.stop();
  const tasks = rowsOf<{ status: number }>(
    await database.db.execute(sql`select status from firmware_tasks where file_name = ${fileName}`),
  );
  const after = await meters.report();
  const sum = (r: MeterReport[], f: (m: MeterReport) => number) => r.reduce((a, m) => a + f(m), 0);
  return {
    times: [...times.values()].sort((a, b) => a - b),
    wall,
    cpuMs: (cpu.user + cpu.system) / 1000,
    bytes: sum(after, (m) => m.bytes) - sum(before, (m) => m.bytes),
    dropped: { at: dropAt, connections: (after[0]?.connections ?? 0) - (before[0]?.connections ?? 0) },
    arrived: after.filter((m) => m.active === `PM-DLMS-${version}`).length,
    succeeded: tasks.filter((t) => t.status === 1).length,
  };
}

function print(label: string, database: Database, y: Yardstick, r: Awaited<ReturnType<typeof sendAll>>) {
  const perMinute = (METERS / r.wall) * 60_000;
  console.log(
    `\n${label}: ${IMAGE_BYTES / 1024} KB image to ${METERS} meters by the head-end's firmware runner, ${PARALLEL} associations at once`,
  );
  console.log(
    `  the fleet: ${y.ms(r.wall / 1000, 's')}, ${perMinute.toFixed(0)} meters/min (norm. ${y.perTime(perMinute).toFixed(0)} meters/min)`,
  );
  console.log(
    `  each meter (its associations): p50 ${y.ms(percentile(r.times, 0.5))}, p99 ${y.ms(percentile(r.times, 0.99))}`,
  );
  console.log(`  server CPU per meter (${cpuScope(database)}): ${y.ms(r.cpuMs / METERS)}`);
  console.log(
    `  bytes on the wire: ${(r.bytes / 1e6).toFixed(1)} MB, ${(r.bytes / METERS / 1024).toFixed(0)} KB a meter, ${(r.bytes / METERS / IMAGE_BYTES).toFixed(3)} × the image (wrapper, APDU and block headers, replies, associations)`,
  );
  console.log(
    `  the dropped link: at block ${r.dropped.at}, that meter connected ${r.dropped.connections} times; meters running the new image: ${r.arrived} of ${METERS}; tasks ended well: ${r.succeeded}`,
  );
}

async function main() {
  const yardstick = benchYardstick('firmware bench');
  const meters = await startMeters(METERS);
  let failed = false;
  try {
    let version = 1;
    for (const engine of benchEngines()) {
      await onEngine(engine, async (database, label) => {
        await seedVendData(database, METERS);
        const r = await sendAll(database, meters, `2.${version++}`);
        print(label, database, yardstick, r);
        if (r.arrived !== METERS || r.succeeded !== METERS || r.dropped.connections !== 2) failed = true;
      });
    }
  } finally {
    await meters.stop();
  }
  console.log(`\n${closingLine(yardstick)}`);
  if (failed) {
    console.error('firmware bench: not every meter ended on the new image');
    process.exit(1);
  }
}

await main();

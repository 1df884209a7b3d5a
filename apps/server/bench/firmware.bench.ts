/**
 * `npm run bench -- firmware`: a 512 KB firmware image sent to 100 simulated DLMS meters by the firmware
 * module's task runner (image transfer, class 18, over the IEC 62056-47 wrapper on TCP), on PGlite and on a
 * throw-away PostgreSQL. The meters run in a process of their own (bench/dlms-meters.ts). One link is
 * dropped a third of the way through and the task run again, which resumes at the meter's first missing
 * block. Prints the wall time for the fleet, meters per minute, each meter's time (p50/p99), the server's
 * CPU per meter and the bytes on the wire against the image's, measured and normalised by the yardstick.
 * Knobs: BENCH_METERS (100), BENCH_IMAGE_KB (512), BENCH_PARALLEL (25 links at once), BENCH_ENGINES.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { DlmsClient, ImageTransfer } from '@prepay/dlms';
import { connectWrapper } from '@prepay/dlms/tcp';
import { closingLine, type Yardstick } from '@prepay/sts/yardstick';
import type { Database } from '../src/db/client.js';
import type { Deps } from '../src/deps.js';
import { systemClock } from '../src/lib/clock.js';
import type { UserContext } from '../src/lib/user-context.js';
import { createFirmwareService, type ImageTransferLink } from '../src/modules/firmware/index.js';
import {
  benchEngines,
  benchMeterId,
  benchYardstick,
  onEngine,
  percentile,
  seedVendData,
  stopProcess,
} from './bench-setup.js';

const METERS = Number(process.env.BENCH_METERS ?? 100);
const IMAGE_BYTES = Number(process.env.BENCH_IMAGE_KB ?? 512) * 1024;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 25);

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

/** The meters' process, its ports, and a way to ask what each meter now runs. */
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
    async report(): Promise<{ active: string; blocksReceived: number }[]> {
      const answer = next();
      child.stdin?.write('report\n');
      return (JSON.parse(await answer) as { report: { active: string; blocksReceived: number }[] }).report;
    },
    stop: () => stopProcess(child),
  };
}

/** A DLMS association to the meter on `port`, and the bytes its socket carried so far. */
async function associate(port: number) {
  const channel = await connectWrapper({ host: '127.0.0.1', port, clientAddress: 1, serverAddress: 1 });
  const client = new DlmsClient(channel, { timeoutMs: 10_000 });
  await client.associate();
  return { client, bytes: () => channel.socket.bytesRead + channel.socket.bytesWritten };
}

/** The link closes itself after `blocks` image blocks: a dropped GPRS connection mid-transfer. */
function droppingAfter(client: DlmsClient, blocks: number): ImageTransferLink {
  let sent = 0;
  return {
    get: (obis, spec) => client.get(obis, spec),
    action: (obis, spec, parameter) => {
      if (spec === ImageTransfer.blockTransfer && sent++ === blocks) client.close();
      return client.action(obis, spec, parameter);
    },
  };
}

interface Run {
  ms: number;
  bytes: number;
  ok: boolean;
}

async function sendAll(database: Database, meters: Awaited<ReturnType<typeof startMeters>>, version: string) {
  const firmware = createFirmwareService({ database, clock: systemClock } as unknown as Deps);
  const fileName = `PM-DLMS-${version}.bin`;
  const image = Buffer.from(Uint8Array.from({ length: IMAGE_BYTES }, (_, i) => (i * 131 + 17) & 0xff));
  await firmware.upload(admin, 'meter', { name: fileName, buf: image });
  const lines = Array.from({ length: METERS }, (_, i) => ({ meterId: benchMeterId(i + 1), fileName }));
  const tasks = await firmware.createTasks(admin, lines);
  const runs: Run[] = [];
  let resumed = { first: 0, after: 0 };
  const one = async (i: number) => {
    const t0 = performance.now();
    const task = tasks[i];
    if (!task) return;
    const a = await associate(meters.ports[i] ?? 0);
    let bytes = 0;
    if (i === 0) {
      // A third of the way the link drops; the task fails with its progress kept and runs again.
      const failed = await firmware.runTask(
        task.id,
        droppingAfter(a.client, Math.floor(IMAGE_BYTES / 192 / 3)),
      );
      bytes += a.bytes();
      const b = await associate(meters.ports[i] ?? 0);
      const done = await firmware.runTask(task.id, b.client);
      resumed = { first: failed.blocksDone, after: done.blocksDone };
      bytes += b.bytes();
      b.client.close();
      runs.push({ ms: performance.now() - t0, bytes, ok: failed.status === 2 && done.status === 1 });
      return;
    }
    const done = await firmware.runTask(task.id, a.client);
    runs.push({ ms: performance.now() - t0, bytes: a.bytes(), ok: done.status === 1 });
    a.client.close();
  };
  let next = 0;
  const worker = async () => {
    while (next < METERS) await one(next++);
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(PARALLEL, METERS) }, worker));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { runs, wall, cpuMs: (cpu.user + cpu.system) / 1000, resumed, identifier: `PM-DLMS-${version}` };
}

function print(label: string, y: Yardstick, r: Awaited<ReturnType<typeof sendAll>>, arrived: number) {
  const times = r.runs.map((x) => x.ms).sort((a, b) => a - b);
  const bytes = r.runs.reduce((a, x) => a + x.bytes, 0);
  const perMinute = (METERS / r.wall) * 60_000;
  console.log(`\n${label}: ${IMAGE_BYTES / 1024} KB image to ${METERS} meters, ${PARALLEL} links at once`);
  console.log(
    `  the fleet: ${y.ms(r.wall / 1000, 's')}, ${perMinute.toFixed(0)} meters/min (norm. ${y.perTime(perMinute).toFixed(0)} meters/min)`,
  );
  console.log(`  each meter: p50 ${y.ms(percentile(times, 0.5))}, p99 ${y.ms(percentile(times, 0.99))}`);
  console.log(`  server CPU per meter (database included on PGlite): ${y.ms(r.cpuMs / METERS)}`);
  console.log(
    `  bytes on the wire: ${(bytes / 1e6).toFixed(1)} MB, ${(bytes / METERS / 1024).toFixed(0)} KB a meter, ${(bytes / METERS / IMAGE_BYTES).toFixed(3)} × the image (wrapper, APDU and block headers, replies)`,
  );
  console.log(
    `  the dropped link: failed with ${r.resumed.first} blocks held, resumed to ${r.resumed.after}; meters running the new image: ${arrived} of ${METERS}; tasks ended well: ${r.runs.filter((x) => x.ok).length}`,
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
        const arrived = (await meters.report()).filter((m) => m.active === r.identifier).length;
        print(label, yardstick, r, arrived);
        if (arrived !== METERS || r.runs.some((x) => !x.ok)) failed = true;
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

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../deps.js';
import { exportFleetSpec, writeFleetSpec } from './fleet-spec.js';
import type { Log } from './types.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLI = path.join(REPO_ROOT, 'apps/simulator/src/cli.ts');
/** A production release carries the simulator bundled (plain node); from the sources it runs through tsx. */
const BUNDLED = process.env.PREPAY_SIMULATOR_JS;

export interface SimulatorProcess {
  stop(): Promise<void>;
}

/**
 * The simulated fleet as a child process (the simulator's own CLI), fed the fleet spec exported from
 * the database and pointed at this head-end's broker and DTU port. Its JSON event lines go to the log
 * at debug level; it is stopped with the server.
 */
export async function startSimulator(deps: Deps, log: Log): Promise<SimulatorProcess | undefined> {
  const headend = deps.headend;
  if (!headend) return undefined;
  const bundled = BUNDLED && existsSync(BUNDLED) ? BUNDLED : undefined;
  if (!bundled && !existsSync(CLI)) {
    log.warn({ cli: CLI }, 'simulator: not installed, starting without the simulated fleet');
    return undefined;
  }
  const spec = await exportFleetSpec(deps);
  const dir = deps.config.dataDir
    ? path.join(deps.config.dataDir, 'simulator')
    : await mkdtemp(path.join(os.tmpdir(), 'prepay-simulator-'));
  const file = await writeFleetSpec(spec, dir);
  const args = [
    ...(bundled ? [bundled] : ['--import', 'tsx', CLI]),
    '--fleet',
    file,
    '--mqtt',
    headend.mqttUrl,
  ];
  if (headend.gprsPort) args.push('--tcp', `127.0.0.1:${headend.gprsPort}`);
  args.push('--heartbeat', String(deps.config.headend.heartbeatSeconds));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) log.error({ code, signal }, 'simulator: exited');
  });
  pipeLines(child.stdout, (line) => log.debug({ simulator: line }, 'simulator'));
  pipeLines(child.stderr, (line) => log.warn({ simulator: line }, 'simulator'));
  log.info(
    { pid: child.pid, meters: spec.meters.length, gateways: spec.gateways.length },
    'simulator: simulated fleet started',
  );
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

function pipeLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines)
      if (line.trim()) onLine(line.length > 2_000 ? `${line.slice(0, 2_000)}…` : line);
  });
}

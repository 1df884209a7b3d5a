/**
 * What the HTTP benches of the server share: the production build started on seeded storage, clients on
 * kept-alive connections, CLIENTS loops of operations with their latencies, and the CPU the server and the
 * database server spent meanwhile (read from /proc).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { REFERENCE_RATE, Yardstick } from '@prepay/sts/yardstick';
import { startServer as startServerProcess } from '../test/server-process.js';
import { percentile } from './bench-setup.js';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);

/** CPU seconds (user + system) used so far by these processes and their children, from /proc. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  const seen = new Set<number>();
  const visit = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return;
    }
    const kids = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
    for (const k of kids.split('\n')) if (k.trim()) visit(Number(k));
  };
  for (const pid of pids) visit(pid);
  return ticks / 100;
}

/** The postmaster of the throw-away cluster on this port. */
export function postmasterOf(port: number): number[] {
  const out = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  const line = out.split('\n').find((l) => l.includes(`-p ${port}`) && l.includes('postgres'));
  return line ? [Number(line.trim().split(' ')[0])] : [];
}

/** `npm start` (the production build) on the seeded storage, its key-encryption key the seed's (`kek`). */
export const startServer = (env: Record<string, string>, kek: string) =>
  startServerProcess(
    {
      ...env,
      SEED: 'none',
      KEY_ENCRYPTION_KEY: kek,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      SERVER_NODE_ARGS: process.env.BENCH_NODE_ARGS ?? '',
    },
    'npmStart',
  );

/**
 * The clients' connections: kept alive, one per client. node:http rather than fetch, whose own CPU per
 * request (about half a millisecond here) would take a core's share from the server it measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

export function post(base: string, url: string, body: unknown, token?: string) {
  const payload = JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
  };
  // A channel's HTTP Basic credentials as they are; a console session's token as a bearer.
  if (token) headers.authorization = token.startsWith('Basic ') ? token : `Bearer ${token}`;
  return new Promise<{ status: number; code: number; reason: string; result: unknown; errorType?: string }>(
    (resolve, reject) => {
      const req = http.request(`${base}${url}`, { method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: res.statusCode ?? 0, ...json });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    },
  );
}

/** Resolves to null on success, else why it failed. */
export type Op = { name: string; run: (base: string, token: string, i: number) => Promise<string | null> };
export const outcome = (r: { status: number; code: number; reason: string }) =>
  r.status === 200 && r.code === 0 ? null : `${r.status} ${r.reason}`;

/**
 * One loop per client (`tokens`: a session's token or a machine's HTTP Basic header each) for `seconds`;
 * each picks the next op of the list in turn. CPU is counted per op named `counted`.
 */
export async function load(
  base: string,
  tokens: string[],
  ops: Op[],
  seconds: number,
  cpu: () => [number, number, number] = () => [0, 0, 0],
  yardstick = new Yardstick(REFERENCE_RATE),
  counted = 'vend',
) {
  const cpu0 = cpu();
  const lat = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const reasons = new Map<string, string>();
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < end) {
        const i = next++;
        const op = ops[i % ops.length] as Op;
        const t0 = performance.now();
        const failed = await op.run(base, token, i).catch((err: Error) => err.message);
        const ms = performance.now() - t0;
        if (failed) {
          failures.set(op.name, (failures.get(op.name) ?? 0) + 1);
          reasons.set(op.name, failed);
        }
        const list = lat.get(op.name) ?? [];
        list.push(ms);
        lat.set(op.name, list);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const stats = new Map<string, { perSecond: number; p50: number; p99: number }>();
  const rows = [...lat].map(([name, l]) => {
    l.sort((a, b) => a - b);
    const s = { perSecond: l.length / elapsed, p50: percentile(l, 0.5), p99: percentile(l, 0.99) };
    stats.set(name, s);
    return `${name.padEnd(16)} ${String(l.length).padStart(6)} ops  ${yardstick.rateOf(s.perSecond, 'ops/s')}  p50 ${yardstick.ms(s.p50)}  p99 ${yardstick.ms(s.p99)}${failures.get(name) ? `  FAILED ${failures.get(name)} (${reasons.get(name)})` : ''}`;
  });
  const total = [...lat.values()].reduce((n, l) => n + l.length, 0);
  const cpu1 = cpu();
  const vends = lat.get(counted)?.length ?? 0;
  const per = (i: 0 | 1 | 2) => (vends ? yardstick.ms(((cpu1[i] - cpu0[i]) * 1000) / vends) : '-');
  const cpuLine = `CPU per vend: server ${per(0)}, database server ${per(1)}, bench clients ${per(2)} (ceiling without the clients on 2 cores ≈ ${vends ? yardstick.rateOf((2 * 1000 * vends) / ((cpu1[0] - cpu0[0] + cpu1[1] - cpu0[1]) * 1000), 'vends/s') : '-'})`;
  const msPer = (i: 0 | 1) => (vends ? ((cpu1[i] - cpu0[i]) * 1000) / vends : 0);
  const failed = [...failures.values()].reduce((n, f) => n + f, 0);
  return {
    rows,
    total,
    failed,
    latencies: lat,
    elapsed,
    cpuLine,
    stats,
    serverMsPerVend: msPer(0),
    dbMsPerVend: msPer(1),
  };
}

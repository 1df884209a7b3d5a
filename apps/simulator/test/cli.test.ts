import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DI, ErrorWord, encodeFrame, matchesRequest, parseReply, readRequest } from '@prepay/dlt645';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticFleet } from '../src/index.js';
import { DtuListener, must, waitFor } from './helpers.js';

const CWD = new URL('..', import.meta.url);
const spec = syntheticFleet({ count: 2, transport: 'gprs', seed: 11 });
const A = must(spec.meters[0]);
const B = must(spec.meters[1]);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: string[];
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: CWD });
  const lines: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) lines.push(JSON.parse(line));
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, stderr, exit };
}

describe('CLI', () => {
  it('runs a fleet file against a head-end, takes faults from flags and HTTP, logs JSON lines, stops on SIGTERM', async () => {
    const file = join(dir, 'fleet.json');
    writeFileSync(file, JSON.stringify(spec));
    const faults = join(dir, 'faults.json');
    writeFileSync(faults, JSON.stringify([{ target: B.meterId, fault: { kind: 'slow', delayMs: 10 } }]));
    const listener = new DtuListener();
    await listener.listen();
    const sim = run([
      '--fleet',
      file,
      '--tcp',
      `127.0.0.1:${listener.port}`,
      '--tick',
      '50',
      '--fault',
      `${A.meterId}=deny:4`,
      '--faults',
      faults,
      '--control-port',
      '0',
    ]);
    try {
      const control = await waitFor('the control endpoint', () =>
        sim.lines.find((l) => l.event === 'control-listening'),
      );
      const url = String(control.url);
      expect(sim.lines.find((l) => l.event === 'fleet-started')).toMatchObject({ meters: 2, gprsMeters: 2 });
      const link = await waitFor('A registered', () => listener.link(A.address));

      const read = async (di: number) => {
        const request = readRequest(A.address, di);
        const seen = link.frames.length;
        link.socket.write(encodeFrame(request));
        const reply = await waitFor('reply', () =>
          link.frames.slice(seen).find((f) => matchesRequest(request, f)),
        );
        return parseReply(request, reply);
      };
      expect(await read(DI.TIME)).toMatchObject({ ok: false, errorWord: ErrorWord.UNAUTHORISED });

      const bad = await fetch(`${url}/faults`, {
        method: 'POST',
        body: JSON.stringify({ target: A.meterId, fault: { kind: 'melt' } }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(/unknown fault kind/);
      expect((await fetch(`${url}/faults?target=${A.meterId}`, { method: 'DELETE' })).status).toBe(200);
      expect(await read(DI.DATE)).toMatchObject({ ok: true });

      const view = await (await fetch(`${url}/meters/${A.meterId}`)).text();
      expect(JSON.parse(view)).toMatchObject({ meterId: A.meterId, linkUp: true, faults: [] });
      expect(view).not.toContain(A.sts.decoderKey);
      const b = (await (await fetch(`${url}/meters/${B.meterId}`)).json()) as { faults: unknown[] };
      expect(b.faults).toEqual([{ kind: 'slow', delayMs: 10 }]);
      expect(await (await fetch(`${url}/stats`)).json()).toMatchObject({ meters: 2, gprsLinks: 2 });
    } finally {
      sim.child.kill('SIGTERM');
      expect(await sim.exit).toBe(0);
      await listener.close();
    }
    expect(sim.lines.map((l) => l.event)).toEqual(
      expect.arrayContaining(['fault-set', 'faults-cleared', 'stopping', 'fleet-stopped']),
    );
  });

  it('refuses a bad fleet file with a clear message and exit code 2', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ gateways: [], meters: [{ ...A, sts: { ...A.sts, decoderKey: 'xyz' } }] }),
    );
    const sim = run(['--fleet', file, '--tcp', '127.0.0.1:9']);
    expect(await sim.exit).toBe(2);
    expect(sim.stderr.join('')).toContain('meters[0].sts.decoderKey must be 16 or 32 hex digits');
    const missing = run(['--fleet', join(dir, 'nope.json'), '--tcp', '127.0.0.1:9']);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr.join('')).toContain('cannot read');
    const badPort = run(['--count', '1', '--tcp', '127.0.0.1:99999']);
    expect(await badPort.exit).toBe(2);
    expect(badPort.stderr.join('')).toContain('the port 1–65535');
    const badUrl = run(['--count', '1', '--mqtt', 'localhost:1883']);
    expect(await badUrl.exit).toBe(2);
    expect(badUrl.stderr.join('')).toContain('--mqtt is a broker URL');
  });
});

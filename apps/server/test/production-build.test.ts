import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readlinkSync, realpathSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage } from './server-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const current = path.join(root, 'apps/server/build/current');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `npm start` as a user runs it (the script npm runs), on its own port and storage. */
async function npmStart(env: Record<string, string>) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      MQTT_PORT: '0',
      HEADEND_PORT: '0',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`no answer within 300 s: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The console's page and every script it loads, as a browser would fetch them. */
async function consoleLoads(base: string) {
  const html = await (await fetch(`${base}/`)).text();
  expect(html).toContain('<title>Prepayment System</title>');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expect((await fetch(`${base}${asset}`)).status, asset).toBe(200);
  return html;
}

describe('production build and npm start', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('runs compiled JavaScript with plain node, and a second start beside a rebuild serves the console while the first still does', async () => {
    const storageA = await createStorage('prod-a');
    cleanups.push(storageA.remove);
    const a = await npmStart(storageA.env);
    cleanups.push(a.stop);
    const releaseA = realpathSync(current);
    expect(existsSync(path.join(releaseA, 'main.js'))).toBe(true);
    // The server process is node on the bundle, not tsx on the sources.
    const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
    expect(ps).toContain(path.join(releaseA, 'main.js'));
    const htmlA = await consoleLoads(a.base);

    // A rebuild while A serves: a new release becomes current, A's files stay where A reads them.
    const rebuilt = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    const releaseB = path.resolve(path.dirname(current), readlinkSync(current));
    expect(releaseB).not.toBe(releaseA);
    expect(existsSync(path.join(releaseA, 'main.js'))).toBe(true);

    const storageB = await createStorage('prod-b');
    cleanups.push(storageB.remove);
    const b = await npmStart(storageB.env);
    cleanups.push(b.stop);
    // The second start found an up-to-date build and did not build again.
    expect(b.output()).not.toContain('building');
    await consoleLoads(b.base);
    expect(await consoleLoads(a.base)).toBe(htmlA);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, startServer } from './server-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const current = path.join(root, 'apps/server/build/current');

/** `npm start` as a user runs it (the script npm runs), on its own port and storage. */
const npmStart = (env: Record<string, string>) =>
  startServer({ ...env, SEED: 'none', LOG_LEVEL: 'warn' }, 'npmStart');

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
  const cleanups: (() => Promise<unknown>)[] = [];
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
  }, 600_000); // builds the console and the server twice: minutes on a loaded 2-core machine
});

// The production build: one release = the server bundled to plain JavaScript + the web console, in its own
// folder under apps/server/build/releases/<id>, published by swapping the `current` symlink atomically.
// A running server keeps the release it started from (node resolves the symlink to the real folder), so a
// rebuild never rewrites files another process is serving.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(root, 'apps/server/build');
export const releasesDir = path.join(buildDir, 'releases');
export const currentLink = path.join(buildDir, 'current');

/** What a release is built from: a change to any of these files makes a build stale. */
const SOURCES = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/bytes/src',
  'packages/sts/src',
  'packages/dlt645/src',
  'apps/server/src',
  'apps/simulator/src',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'scripts/build-lib.mjs',
];

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      // Migrations are read from the sources at start-up, not bundled; tests are not part of a release.
      if (name === 'node_modules' || name.endsWith('.test.ts')) continue;
      walk(path.join(p, name), out);
    }
  } else out.push(`${path.relative(root, p)}\0${st.size}\0${Math.trunc(st.mtimeMs)}`);
}

/** A digest of the source files' names, sizes and modification times (cheap; a content change moves mtime). */
export function sourceFingerprint() {
  const lines = [];
  for (const s of SOURCES) walk(path.join(root, s), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The release `current` points at, with its manifest, or null when there is none. */
export function currentRelease() {
  try {
    const dir = path.resolve(buildDir, readlinkSync(currentLink));
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    return { dir, manifest };
  } catch {
    return null;
  }
}

/** Rewrites `import.meta.dirname` in our sources to the source folder, so paths work from the bundle. */
const sourceDirPlugin = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.dirname', `__prepaySourceDir(${JSON.stringify(rel)})`),
        loader: 'ts',
      };
    });
    // npm packages stay imports (resolved from apps/server/node_modules upward); ours are bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@prepay/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Runs first in the bundle: finds the checkout (data/, migrations) and the release's own web folder.
const BANNER = `import __prepayPath from 'node:path';
import __prepayFs from 'node:fs';
import { fileURLToPath as __prepayFileUrl } from 'node:url';
const __prepayRelease = __prepayPath.dirname(__prepayFileUrl(import.meta.url));
const __prepayRoot = (() => {
  for (let d = __prepayRelease; ; d = __prepayPath.dirname(d)) {
    try {
      if (JSON.parse(__prepayFs.readFileSync(__prepayPath.join(d, 'package.json'), 'utf8')).name === 'prepayment-system') return d;
    } catch {}
    if (__prepayPath.dirname(d) === d) throw new Error('the prepayment-system checkout is not above ' + __prepayRelease);
  }
})();
const __prepaySourceDir = (rel) => __prepayPath.join(__prepayRoot, rel);
if (!process.env.WEB_DIST) process.env.WEB_DIST = __prepayPath.join(__prepayRelease, 'web');
if (!process.env.PREPAY_SIMULATOR_JS) process.env.PREPAY_SIMULATOR_JS = __prepayPath.join(__prepayRelease, 'simulator.js');`;

async function bundle(entry, outfile) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    banner: { js: BANNER },
    plugins: [sourceDirPlugin],
  });
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Servers record their pid in their release's pids/ folder; a release nobody serves (and not current) goes. */
export function collectOldReleases(keep) {
  if (!existsSync(releasesDir)) return;
  for (const name of readdirSync(releasesDir)) {
    const dir = path.join(releasesDir, name);
    if (dir === keep) continue;
    if (name.startsWith('.tmp-')) {
      const pid = Number(name.split('-')[2]);
      if (pid && pidAlive(pid)) continue;
    } else {
      const pids = existsSync(path.join(dir, 'pids')) ? readdirSync(path.join(dir, 'pids')) : [];
      if (pids.some((p) => pidAlive(Number(p)))) continue;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds a new release and makes it current. Returns its folder. */
export async function build({ log = console.log } = {}) {
  const fingerprint = sourceFingerprint();
  const id = `${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${process.pid}`;
  const tmp = path.join(releasesDir, `.tmp-${id}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const started = Date.now();
    await bundle('apps/server/src/main.ts', path.join(tmp, 'main.js'));
    await bundle('apps/simulator/src/cli.ts', path.join(tmp, 'simulator.js'));
    log(`build: server bundled in ${Date.now() - started} ms`);
    const vite = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        path.join(tmp, 'web'),
        '--emptyOutDir',
      ],
      { cwd: path.join(root, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (vite.status !== 0) throw new Error(`vite build failed (exit ${vite.status})`);
    writeFileSync(
      path.join(tmp, 'manifest.json'),
      `${JSON.stringify({ id, fingerprint, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
    const dir = path.join(releasesDir, id);
    renameSync(tmp, dir);
    // rename(2) of a new symlink over the old one: readers see the old release or the new, never neither.
    const link = path.join(buildDir, `.current-${process.pid}`);
    rmSync(link, { force: true });
    symlinkSync(path.relative(buildDir, dir), link);
    renameSync(link, currentLink);
    log(`build: release ${id} is current (${Date.now() - started} ms)`);
    collectOldReleases(dir);
    return dir;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

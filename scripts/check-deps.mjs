// The dependency rule (issue 10), run by `npm run lint`: the layers a newcomer can predict stay that way.
//  - an app never imports another app (server ↛ web, web ↛ server, simulator ↛ either) — except that the
//    server's tests and benches may drive the simulated fleet (apps/simulator), the field they talk to;
//  - a package never imports an app;
//  - the protocol packages (sts, dlt645) import nothing of ours: they are pure and checked on their own;
//  - no relative import leaves its workspace (another workspace is reached by its @prepay/ name);
//  - in the web, a feature imports only components/, lib/, its own folder and packages — never app/,
//    layout/ or another feature; components/ and lib/ never import upwards (features, app, layout);
//  - in the server, a request goes routes → service → repo and never back up: a repo (*.repo.ts) imports
//    no service, route, module wiring or http/; a service (*.service.ts) imports no route, module wiring
//    or http/ (it takes a UserContext from lib/user-context.ts and throws lib/domain-errors.ts);
//  - every package a workspace imports is declared in its package.json (root devDependencies count as
//    the repository's shared tooling): hoisting must not be what makes an import work;
//  - the server's and the web's sources (tests apart) spell no API path: a string or template literal
//    starting with /api/ (any case) is a second copy of what packages/contracts/src/api-paths.ts says.
// Workspaces are found on disk, so a new app or package is covered the day it is added.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Packages that must not depend on any other workspace. */
export const LEAF_PACKAGES = ['packages/sts', 'packages/dlt645', 'packages/dlms'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
// build: apps/server/build holds the production releases (bundles of our code and its dependencies).
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'test-results', 'artifacts', 'data', 'coverage']);
// Statements start a line; a dynamic import() may sit anywhere. Specifiers never span lines.
const IMPORT_PATTERNS = [
  /^[ \t]*(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
  /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm,
  /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

/** Module specifiers a source text imports, with their line numbers. */
export function importsOf(text) {
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index + m[0].length).split('\n').length;
      found.push({ spec: m[1], line });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The workspace ('apps/web', 'packages/sts', …) a repository-relative path lies in, or null. */
export function workspaceOf(file) {
  const m = /^(apps|packages)\/([^/]+)/.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
}

const WEB_SRC = 'apps/web/src/';
const webArea = (file) => (file.startsWith(WEB_SRC) ? file.slice(WEB_SRC.length).split('/') : null);

function webRule(from, to) {
  const a = webArea(from);
  const b = webArea(to);
  if (!a || !b || a.length < 2) return null;
  const [fromTop, fromFeature] = a;
  const [toTop, toFeature] = b;
  if (fromTop === 'features') {
    if (toTop === 'features' && b.length > 2 && toFeature !== fromFeature)
      return `feature "${fromFeature}" imports feature "${toFeature}": move the shared piece to components/ or lib/`;
    if (toTop === 'app' || toTop === 'layout')
      return `a feature imports ${toTop}/: take what it needs from lib/ (or a context the app provides)`;
  }
  if ((fromTop === 'components' || fromTop === 'lib') && ['features', 'app', 'layout'].includes(toTop))
    return `${fromTop}/ imports ${toTop}/: shared code must not depend on what uses it`;
  return null;
}

const SERVER_SRC = 'apps/server/src/';
/** A server source file's layer by its name: repo, service, routes (routes and module wiring) or http. */
function serverLayer(file) {
  if (!file.startsWith(SERVER_SRC)) return null;
  const rel = file.slice(SERVER_SRC.length);
  if (rel.startsWith('http/')) return 'http';
  const name = rel.replace(/\.(ts|js)$/, '');
  if (name.endsWith('.repo')) return 'repo';
  if (name.endsWith('.service')) return 'service';
  if (name.endsWith('.routes') || name.endsWith('.module') || /(^|\/)module$/.test(name)) return 'routes';
  return null;
}

/** Layers each layer must not import: nothing above itself, and nothing of HTTP. */
const SERVER_BELOW = {
  repo: ['service', 'routes', 'http'],
  service: ['routes', 'http'],
};

function serverRule(from, to) {
  const fromLayer = serverLayer(from);
  const toLayer = serverLayer(to);
  if (!fromLayer || !toLayer || !SERVER_BELOW[fromLayer]?.includes(toLayer)) return null;
  return toLayer === 'http'
    ? `a ${fromLayer} imports http/: take a UserContext (lib/user-context.ts) and throw lib/domain-errors.ts`
    : `a ${fromLayer} imports a ${toLayer} file: the way goes routes → service → repo, never back up`;
}

/**
 * Why importing `to` from `from` breaks the rule, or null. Both are repository-relative file paths;
 * `to` is the resolved target (for a workspace import: the target workspace's folder).
 */
export function violation(from, to) {
  const fromWs = workspaceOf(from);
  const toWs = workspaceOf(to);
  if (!fromWs || !toWs) return null;
  if (fromWs !== toWs) {
    if (LEAF_PACKAGES.includes(fromWs)) return `${fromWs} must import nothing of ours (imports ${toWs})`;
    if (toWs === 'apps/simulator' && /^apps\/server\/(test|bench)\//.test(from)) return null;
    if (toWs.startsWith('apps/'))
      return fromWs.startsWith('apps/')
        ? `app imports another app (${toWs})`
        : `package imports an app (${toWs})`;
    return null;
  }
  return webRule(from, to) ?? serverRule(from, to);
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const declaredIn = (pkg) => [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.devDependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
];

/** The package a bare specifier names ('@scope/name' or 'name'), or null for node builtins. */
export function packageOf(spec) {
  const bare = spec.split('?')[0];
  if (bare.startsWith('node:') || builtinModules.includes(bare.split('/')[0])) return null;
  return bare
    .split('/')
    .slice(0, bare.startsWith('@') ? 2 : 1)
    .join('/');
}

function workspaces(root) {
  const byName = new Map();
  for (const group of ['apps', 'packages']) {
    let dirs = [];
    try {
      dirs = readdirSync(path.join(root, group));
    } catch {
      continue;
    }
    for (const d of dirs) {
      try {
        const pkg = readJson(path.join(root, group, d, 'package.json'));
        byName.set(pkg.name, `${group}/${d}`);
      } catch {
        // A folder without a package.json is not a workspace.
      }
    }
  }
  return byName;
}

/** Resolves an import to a repository-relative path, or null for a third-party module. */
function resolveTarget(root, file, spec, byName) {
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  const name = packageOf(spec);
  const ws = name && byName.get(name);
  return ws ? `${ws}/${spec.slice(name.length + 1)}` : null;
}

/** Every import in the repository that breaks the rule, as `file:line 'spec' — why`. */
export function scan(root) {
  const byName = workspaces(root);
  const shared = new Set(declaredIn(readJson(path.join(root, 'package.json'))));
  const problems = [];
  for (const ws of byName.values()) {
    const own = readJson(path.join(root, ws, 'package.json'));
    const declared = new Set([own.name, ...declaredIn(own), ...shared]);
    for (const file of walk(path.join(root, ws), [])) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const { spec, line } of importsOf(readFileSync(file, 'utf8'))) {
        const pkg = spec.startsWith('.') ? null : packageOf(spec);
        if (pkg && !declared.has(pkg))
          problems.push(`${rel}:${line} '${spec}' — ${pkg} is not declared in ${ws}/package.json`);
        const target = resolveTarget(root, file, spec, byName);
        if (target === null) continue;
        const to = target.split(path.sep).join('/');
        let why = violation(rel, to);
        if (!why && spec.startsWith('.') && workspaceOf(to) && workspaceOf(to) !== workspaceOf(rel))
          why = `relative import leaves ${workspaceOf(rel)}: use the workspace's @prepay/ name`;
        if (why) problems.push(`${rel}:${line} '${spec}' — ${why}`);
      }
    }
  }
  return problems;
}

/** Where API paths must come from contracts; tests and browser specs may spell the wire as it is. */
const PATH_SOURCES = ['apps/server/src/', 'apps/web/src/'];
const TEST_SOURCE = /(^|\/)(test|tests|e2e|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const PATH_LITERAL = /(['"`])\/api\//i;
// Doc comments may name paths in prose: a line that is a comment (or a comment's continuation) is skipped.
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

/** Lines (1-based) of a source text that hold a string or template literal starting with /api/. */
export function pathLiteralsOf(text) {
  return text
    .split('\n')
    .flatMap((line, i) => (!COMMENT_LINE.test(line) && PATH_LITERAL.test(line) ? [i + 1] : []));
}

/** Every API path literal in the apps' sources, as `file:line — fix`. */
export function scanPathLiterals(root) {
  const problems = [];
  for (const scope of PATH_SOURCES) {
    let files = [];
    try {
      files = walk(path.join(root, scope), []);
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (TEST_SOURCE.test(rel)) continue;
      for (const line of pathLiteralsOf(readFileSync(file, 'utf8')))
        problems.push(
          `${rel}:${line} — an API path literal: take the path from @prepay/contracts api-paths.ts`,
        );
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = [...scan(root), ...scanPathLiterals(root)];
  for (const p of problems) console.error(p);
  console.log(`dependency rule (imports and API paths): ${problems.length} violation(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}

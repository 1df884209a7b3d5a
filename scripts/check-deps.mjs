// The dependency rule, run by `npm run lint`: the layers a newcomer can predict stay that way.
//  - an app never imports another app (server ↛ web, web ↛ server, simulator ↛ either) — except that the
//    server's tests and benches may drive the simulated fleet (apps/simulator), the field they talk to;
//  - a package never imports an app;
//  - the protocol packages (sts, dlt645, dlms) import nothing of ours but the byte helpers (packages/bytes),
//    which import nothing of ours at all: they are pure and checked on their own;
//  - no relative import leaves its workspace (another workspace is reached by its @prepay/ name);
//  - in the web, a feature imports only components/, lib/, its own folder and packages — never app/,
//    layout/ or another feature; components/ and lib/ never import upwards (features, app, layout);
//  - in the server, judged by folder (so every source file is under the rules):
//    - a module (modules/<name>/) is reached from outside its folder only through its index.ts;
//    - kernel/, lib/, http/, config.ts and deps.ts import no module; lib/ imports no http/;
//    - drizzle-orm and the schema (db/schema*) are imported only by repos (*.repo.ts), db/ (the client
//      and migrations), kernel/ (the shared queries every module uses) and seed/ (demo and bootstrap
//      rows, written like a migration's): services hold rules, routes only map;
//    - within a module a request goes routes → service → repo and never back up: a repo (*.repo.ts)
//      imports no service, route, module wiring or http/; a service (*.service.ts) imports no route,
//      module wiring or http/ (it takes a UserContext from lib/user-context.ts and throws
//      lib/domain-errors.ts);
//  - every package a workspace imports is declared in its package.json (root devDependencies count as
//    the repository's shared tooling): hoisting must not be what makes an import work;
//  - the server's and the web's sources (tests apart) spell no API path: a string or template literal
//    starting with /api/ (any case) is a second copy of what packages/contracts/src/api-paths.ts says.
// Workspaces are found on disk, so a new app or package is covered the day it is added.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Packages that must not depend on any other workspace, but for the byte helpers every one of them shares. */
export const LEAF_PACKAGES = ['packages/sts', 'packages/dlt645', 'packages/dlms', 'packages/bytes'];
/** The one workspace a leaf may import: itself a leaf, so nothing else comes in through it. */
export const LEAF_SHARED = 'packages/bytes';
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
const SERVER_TEST = /\.test\.[cm]?[jt]s$/;
/** A server source file's path inside src/ without its extension ('modules/meter/meter.repo'), or null. */
const serverPath = (file) =>
  file.startsWith(SERVER_SRC) ? file.slice(SERVER_SRC.length).replace(/\.(ts|js|mts|mjs)$/, '') : null;
/** The module folder a src path lies in ('meter'), or null. */
const moduleOf = (rel) => /^modules\/([^/]+)\//.exec(rel)?.[1] ?? null;
const isModuleIndex = (rel) => /^modules\/[^/]+\/index$/.test(rel);

/** A server source file's layer by its name: repo, service, routes (routes and module wiring) or http. */
function serverLayer(rel, fromModule) {
  if (rel.startsWith('http/')) return 'http';
  if (rel.endsWith('.repo')) return 'repo';
  if (rel.endsWith('.service')) return 'service';
  if (rel.endsWith('.routes') || rel.endsWith('.module') || /(^|\/)module$/.test(rel)) return 'routes';
  // A module's own index.ts is its wiring; another module's index.ts is that module's public face.
  if (isModuleIndex(rel) && moduleOf(rel) === fromModule) return 'routes';
  return null;
}

/** Layers each layer must not import: nothing above itself, and nothing of HTTP. */
const SERVER_BELOW = {
  repo: ['service', 'routes', 'http'],
  service: ['routes', 'http'],
};

function layerRule(from, to) {
  const fromLayer = serverLayer(from, moduleOf(from));
  const toLayer = serverLayer(to, moduleOf(from));
  if (!fromLayer || !toLayer || !SERVER_BELOW[fromLayer]?.includes(toLayer)) return null;
  return toLayer === 'http'
    ? `a ${fromLayer} imports http/: take a UserContext (lib/user-context.ts) and throw lib/domain-errors.ts`
    : `a ${fromLayer} imports a ${toLayer} file: the way goes routes → service → repo, never back up`;
}

/** Folders (and files) below the modules: what every module may use must not depend on a module. */
const BELOW_MODULES = /^(kernel|lib|http)\/|^(config|deps)$/;

function boundaryRule(from, to) {
  const target = moduleOf(to);
  if (!target)
    return from.startsWith('lib/') && to.startsWith('http/')
      ? 'lib/ imports http/: lib/ is below HTTP'
      : null;
  const below = BELOW_MODULES.exec(from);
  if (below)
    return `${below[1] ?? `${below[2]}.ts`} imports module "${target}": it must import no module (pass what it needs in)`;
  if (moduleOf(from) !== target && !isModuleIndex(to))
    return `imports module "${target}"'s ${to.slice(`modules/${target}/`.length)}: reach another module only through its index.ts`;
  return null;
}

function serverRule(fromFile, toFile) {
  const from = serverPath(fromFile);
  const to = serverPath(toFile);
  if (from === null || to === null) return null;
  return layerRule(from, to) ?? (SERVER_TEST.test(fromFile) ? null : boundaryRule(from, to));
}

/** Where drizzle-orm and the schema may be imported (a path inside src/ without its extension). */
const SQL_ALLOWED = (rel) => /^(db|kernel|seed)\//.test(rel) || rel.endsWith('.repo');

/**
 * Why a server source may not import `spec` (resolved to `target`, a repository path or null for a
 * third-party package) because it is SQL, or null.
 */
export function sqlViolation(file, spec, target) {
  const from = serverPath(file);
  if (from === null || SERVER_TEST.test(file) || SQL_ALLOWED(from)) return null;
  const toSchema = target !== null && /^db\/schema/.test(serverPath(target) ?? '');
  if (!toSchema && spec !== 'drizzle-orm' && !spec.startsWith('drizzle-orm/')) return null;
  return `${toSchema ? 'the schema' : 'drizzle-orm'} outside a repo: put the query in a *.repo.ts (or kernel/) and call it`;
}

/** The server rules a source file is under, judged by its folder and name (empty: outside the server's src). */
export function serverRulesOf(file) {
  const rel = serverPath(file);
  if (rel === null || SERVER_TEST.test(file)) return [];
  const rules = ['module boundary', 'SQL only in repos, db/, kernel/ and seed/'];
  if (BELOW_MODULES.test(rel)) rules.push('imports no module');
  const layer = serverLayer(rel, moduleOf(rel));
  if (layer && SERVER_BELOW[layer]) rules.push(`${layer} layer`);
  return rules;
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
    if (LEAF_PACKAGES.includes(fromWs) && toWs !== LEAF_SHARED)
      return `${fromWs} must import nothing of ours but ${LEAF_SHARED} (imports ${toWs})`;
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
        const sql = sqlViolation(rel, spec, target?.split(path.sep).join('/') ?? null);
        if (sql) problems.push(`${rel}:${line} '${spec}' — ${sql}`);
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

const WEB_FEATURES = 'apps/web/src/features';
// `request` or `call` imported by name from the web's lib/request or lib/call (type-only imports apart).
const CALL_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*['"](?:\.\.\/)+lib\/(?:request|call)['"]/gm;

/** True when a web source imports the function that calls the API (`request` or `call`). */
export function importsApiCall(text) {
  return [...text.matchAll(CALL_IMPORT)].some((m) =>
    m[1].split(',').some((name) => ['request', 'call'].includes(name.trim())),
  );
}

/** Web feature files that call the API themselves: a feature's calls live in its api.ts. */
export function scanFeatureCalls(root) {
  let files = [];
  try {
    files = walk(path.join(root, WEB_FEATURES), []);
  } catch {
    return [];
  }
  return files
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((rel) => !TEST_SOURCE.test(rel) && !rel.endsWith('/api.ts'))
    .filter((rel) => importsApiCall(readFileSync(path.join(root, rel), 'utf8')))
    .map((rel) => `${rel} — calls the API itself: put the call in the feature's api.ts`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = [...scan(root), ...scanPathLiterals(root), ...scanFeatureCalls(root)];
  for (const p of problems) console.error(p);
  console.log(`dependency rule (imports and API paths): ${problems.length} violation(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}

// How the server's house is arranged, in numbers that a structural change should move (run it before and
// after one and compare):
//  - import lines that cross module folders (modules/a → modules/b), and how many of them go straight
//    into another module's repo (*.repo.ts) rather than through its public face;
//  - services (*.service.ts) that import drizzle-orm or the schema (db/schema*): SQL outside the repos;
//  - module files other than *.repo.ts that import drizzle-orm or the schema;
//  - the places that wire modules' routes into the app: files that import another module folder's route
//    list or wiring (a *.routes / *.module file, or a name ending in Routes, RouteDefs or Module);
//  - imports from config.ts, deps.ts, http/ or lib/ into a module, the head-end, or (for lib/) http/;
//  - module files that fall under no layer rule of the dependency check.
// Usage: node scripts/house-counts.mjs [repository root]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = 'apps/server/src';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const IMPORT =
  /^[ \t]*(?:import|export)\s([^'";]*?)\bfrom\s*['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/gm;
/** Each import's specifier and the names it brings in. */
const importsOf = (text) =>
  [...text.matchAll(IMPORT)].map((m) => ({ spec: m[2] ?? m[3], names: m[1] ?? '' }));
/** Names that are a module's route list or its wiring (gatewayRoutes, fileRouteDefs, vendingModule). */
const WIRING_NAME = /\b\w+(Routes|RouteDefs|Module)\b/;
/** Files that are a module's route list or its wiring. */
const WIRING_FILE = /(\.routes|\.module|\/module)(\.js)?$/;

/** The module folder a src-relative path lies in ('vending'), or null. */
const moduleOf = (rel) => /^modules\/([^/]+)\//.exec(rel)?.[1] ?? null;
const isTest = (rel) => /\.test\.ts$/.test(rel);
const SQL = (spec, target) =>
  spec === 'drizzle-orm' ||
  spec.startsWith('drizzle-orm/') ||
  (target !== null && /^db\/schema/.test(target));

/** Layers by name, as the dependency check judged them before it judged by folder. */
const namedLayer = (rel) =>
  /\.(repo|service|routes|module)\.ts$/.test(rel) || /(^|\/)module\.ts$/.test(rel) ? 'named' : null;

async function coveredBy(root) {
  try {
    const deps = await import(pathToFileURL(path.join(root, 'scripts/check-deps.mjs')).href);
    if (typeof deps.serverRulesOf === 'function')
      return (rel) => deps.serverRulesOf(`${SRC}/${rel}`).length > 0;
  } catch {
    // No check script: fall back to the names.
  }
  return (rel) => namedLayer(rel) !== null;
}

export async function houseCounts(root) {
  const srcDir = path.join(root, SRC);
  const files = walk(srcDir)
    .map((f) => path.relative(srcDir, f).split(path.sep).join('/'))
    .filter((rel) => !isTest(rel));
  const covered = await coveredBy(root);
  const c = {
    crossModuleImports: 0,
    crossModuleIntoRepo: 0,
    crossModuleNotIndex: 0,
    servicesTouchingSql: 0,
    services: 0,
    moduleFilesTouchingSqlOutsideRepos: 0,
    wiringPlaces: [],
    belowModulesIntoModules: 0,
    libIntoHttp: 0,
    moduleFiles: 0,
    moduleFilesUnderNoRule: 0,
  };
  for (const rel of files) {
    const text = readFileSync(path.join(srcDir, rel), 'utf8');
    const from = moduleOf(rel);
    let sql = false;
    const wires = new Set();
    for (const { spec, names } of importsOf(text)) {
      const target = spec.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec))
        : null;
      if (SQL(spec, target)) sql = true;
      if (target === null) continue;
      const to = moduleOf(target);
      if (from && to && from !== to) {
        c.crossModuleImports++;
        if (/\.repo(\.js)?$/.test(target)) c.crossModuleIntoRepo++;
        if (!/\/index(\.js)?$/.test(target)) c.crossModuleNotIndex++;
      }
      if (to && to !== from && (WIRING_FILE.test(target) || WIRING_NAME.test(names))) wires.add(to);
      const top = /^(config|deps)\.ts$/.test(rel) || /^(http|lib|kernel)\//.test(rel);
      if (top && to) c.belowModulesIntoModules++;
      if (rel.startsWith('lib/') && target.startsWith('http/')) c.libIntoHttp++;
    }
    if (wires.size > 0) c.wiringPlaces.push(rel);
    if (rel.endsWith('.service.ts')) {
      c.services++;
      if (sql) c.servicesTouchingSql++;
    }
    if (from) {
      c.moduleFiles++;
      if (sql && !rel.endsWith('.repo.ts')) c.moduleFilesTouchingSqlOutsideRepos++;
      if (!covered(rel)) c.moduleFilesUnderNoRule++;
    }
  }
  return c;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const c = await houseCounts(root);
  console.log(`import lines crossing module folders:            ${c.crossModuleImports}`);
  console.log(`  of which straight into another module's repo:  ${c.crossModuleIntoRepo}`);
  console.log(`  of which not through the module's index.ts:    ${c.crossModuleNotIndex}`);
  console.log(`services importing drizzle or the schema:        ${c.servicesTouchingSql} of ${c.services}`);
  console.log(`module files other than repos touching SQL:      ${c.moduleFilesTouchingSqlOutsideRepos}`);
  console.log(
    `places wiring other modules' routes:             ${c.wiringPlaces.length} (${c.wiringPlaces.join(', ')})`,
  );
  console.log(`config/deps/http/lib/kernel imports of modules:  ${c.belowModulesIntoModules}`);
  console.log(`lib/ imports of http/:                           ${c.libIntoHttp}`);
  console.log(
    `module files under no layer rule:                ${c.moduleFilesUnderNoRule} of ${c.moduleFiles}`,
  );
}

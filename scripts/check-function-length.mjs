#!/usr/bin/env node
/**
 * Lists every function, arrow function and method longer than the limit (default 80 lines, first
 * to last line inclusive) in apps/*\/src and packages/*\/src. Tests, e2e specs, benches and
 * generated files are left out. Exits 1 when any is found, so it can gate CI.
 *
 *   node scripts/check-function-length.mjs [--max 80] [dir ...]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : 80;
const dirsArg = args.filter((_, i) => maxAt < 0 || (i !== maxAt && i !== maxAt + 1));

function sourceDirs() {
  if (dirsArg.length > 0) return dirsArg.map((d) => resolve(d));
  const out = [];
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group))) {
      const src = join(root, group, name, 'src');
      if (statSync(src, { throwIfNoEntry: false })?.isDirectory()) out.push(src);
    }
  }
  return out;
}

const excluded = /(\.test\.|\.spec\.|\.d\.ts$|[\\/](test|tests|e2e|bench|generated|__generated__)[\\/])/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* files(path);
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !excluded.test(path)) {
      yield path;
    }
  }
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name.getText(sf);
  }
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf);
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return '(anonymous)';
}

function lengthyIn(path) {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = last - first + 1;
      if (lines > max) found.push({ path, name: nameOf(node, sf), first, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const all = [];
for (const dir of sourceDirs()) for (const path of files(dir)) all.push(...lengthyIn(path));
all.sort((a, b) => b.lines - a.lines);
for (const f of all)
  console.log(`${String(f.lines).padStart(4)}  ${relative(root, f.path)}:${f.first}  ${f.name}`);
if (all.length > 0) {
  console.error(`${all.length} function(s) over ${max} lines`);
  process.exit(1);
}
console.log(`no function over ${max} lines`);

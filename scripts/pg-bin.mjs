// Where the PostgreSQL tools are: the newest installed server version's bin/, else whatever PATH has.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The path of a PostgreSQL tool (pg_dump, initdb, …), or null when no server version has it. */
export function findPgBin(name) {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = path.join(root, v, 'bin', name);
    if (existsSync(p)) return p;
  }
  return null;
}

/** findPgBin, falling back to the bare name (found on PATH). */
export const pgBin = (name) => findPgBin(name) ?? name;

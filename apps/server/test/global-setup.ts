import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { testConfig } from './test-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Migrates and bootstraps one database, then every test file starts from a copy of it: a dumped PGlite
 * data directory, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `prepay_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openPostgres(withDatabase(url, template), 2);
    await database.migrate();
    await bootstrap(database.db, testConfig());
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite({});
  await database.migrate();
  await bootstrap(database.db, testConfig());
  const client = (
    database.db as unknown as {
      $client: { exec(q: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> };
    }
  ).$client;
  // Checkpointed first, so that each copy starts from a recent checkpoint instead of replaying the WAL of
  // the migrations and the bootstrap: about a tenth less CPU for every test app's database.
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `prepay-test-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return async () => rm(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

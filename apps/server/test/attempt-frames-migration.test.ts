import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/**
 * Attempts written before their frames became arrays held them as one text joined with " | ": the
 * migration must turn each into its frames, in order, on both databases, and keep a missing frame missing.
 */
const migrations = path.join(import.meta.dirname, '../src/db/migrations');
const TAG = '0018_attempt_frames';

/** The migrations folder as it was before the frames migration. */
function folderBefore(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'attempt-frames-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Db = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;
let db: Db;
let migrateTo: (folder: string) => Promise<void>;
let close: () => Promise<void>;
let before: string;

beforeAll(async () => {
  before = folderBefore();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `prepay_frames_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 1 });
    // The forced drop below terminates any backend pg has not finished closing; pg reports that on the
    // pool, and an unheard pool error is an uncaught exception (the app's own pool listens too).
    pool.on('error', () => undefined);
    const pgDb = drizzlePg(pool);
    db = pgDb;
    migrateTo = (folder) => migratePg(pgDb, { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const liteDb = drizzlePglite(client);
    db = liteDb;
    migrateTo = (folder) => migratePglite(liteDb, { migrationsFolder: folder });
    close = () => client.close();
  }
});
afterAll(async () => {
  await close();
  rmSync(before, { recursive: true, force: true });
});

describe('attempt frames migration', () => {
  it('splits joined frames into arrays, in order, and keeps absent frames absent', async () => {
    await migrateTo(before);
    await db.execute(
      sql`insert into remote_tasks (id, kind, meter_id, station_id) values (1, 'reading', '1', 'S')`,
    );
    await db.execute(sql`insert into remote_task_attempts (task_id, attempt, outcome, send_frame, receive_frame)
      values (1, 1, 'success', '68 01 16 | 68 02 16', '68 81 16 | 68 82 16'),
             (1, 2, 'no-reply', '68 03 16', null),
             (1, 3, 'interrupted', null, null)`);
    await migrateTo(migrations);
    const res = await db.execute(sql`select attempt, send_frames, receive_frames
      from remote_task_attempts order by attempt`);
    expect(rowsOf(res)).toEqual([
      { attempt: 1, send_frames: ['68 01 16', '68 02 16'], receive_frames: ['68 81 16', '68 82 16'] },
      { attempt: 2, send_frames: ['68 03 16'], receive_frames: null },
      { attempt: 3, send_frames: null, receive_frames: null },
    ]);
  });
});

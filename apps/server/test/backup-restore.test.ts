import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres, rowsOf } from '../src/db/client.js';
import { tokenRecords } from '../src/db/schema-vending.js';
import { withDatabase } from './global-setup.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD } from './harness.js';
import { seedVendableMeters } from './ops-fixture.js';
import { createStorage, freePort, startServer } from './server-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe('backup and restore', () => {
  it('a backup taken while vending, restored into a fresh database, holds every vend acknowledged before it started', async () => {
    const storage = await createStorage('backup');
    const metricsPort = await freePort();
    const work = mkdtempSync(path.join(os.tmpdir(), 'prepay-restore-'));
    const ids = await seedVendableMeters(await storage.open(), storage.dir, 8);
    const server = await startServer({ ...storage.env, SEED: 'none', METRICS_PORT: String(metricsPort) });
    try {
      const token = await server.login('admin', ADMIN_PASSWORD);

      const acked: { receiptId: number; at: number }[] = [];
      let stop = false;
      const vendLoop = async (c: number) => {
        for (let i = 0; !stop; i++) {
          const r = await server.post<{ receiptId: number }>(
            '/api/token/creditToken/generate',
            {
              meterId: ids[(c + i) % ids.length],
              isPreview: false,
              isVendByTotalPaid: true,
              amount: '50',
              authorizationPassword: ADMIN_AUTH_PASSWORD,
            },
            token,
          );
          if (r.code === 0) acked.push({ receiptId: r.result.receiptId, at: Date.now() });
          else throw new Error(`vend refused: ${r.reason}`);
        }
      };
      let failure: Error | undefined;
      const loops = [0, 1, 2, 3].map((c) =>
        vendLoop(c).catch((err: Error) => {
          failure = err;
          stop = true;
        }),
      );
      while (acked.length < 10 && !failure) await new Promise((r) => setTimeout(r, 20));
      if (failure) throw failure;
      const backupStarted = Date.now();
      const file = path.join(work, pgUrl ? 'prepay.dump' : 'prepay.tar.gz');
      const backup = await run('scripts/backup.mjs', [file], {
        ...storage.env,
        METRICS_PORT: String(metricsPort),
      });
      expect(backup.code, backup.out).toBe(0);
      // Vends went on during the backup.
      const duringOrAfter = acked.filter((a) => a.at >= backupStarted).length;
      stop = true;
      await Promise.all(loops);
      expect(duringOrAfter).toBeGreaterThan(0);
      const before = acked.filter((a) => a.at < backupStarted).map((a) => a.receiptId);

      // Restore into a fresh database.
      let restoredEnv: Record<string, string>;
      let dropRestored = async () => {};
      if (pgUrl) {
        const name = `restored_${path.basename(work).replace(/\W/g, '').toLowerCase()}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        restoredEnv = { DATABASE_URL: withDatabase(pgUrl, name) };
        dropRestored = async () => {
          const a = new pg.Client({ connectionString: pgUrl });
          await a.connect();
          await a.query(`drop database if exists ${name} with (force)`);
          await a.end();
        };
      } else {
        restoredEnv = { DATA_DIR: path.join(work, 'restored') };
      }
      const restore = await run('scripts/restore.mjs', [file], restoredEnv);
      expect(restore.code, restore.out).toBe(0);
      if (!pgUrl) {
        // The KEK stays out of the backup (and the simulator's fleet file, which holds keys in clear).
        expect(existsSync(path.join(work, 'restored', 'master.key'))).toBe(false);
        expect(readFileSync(file).includes(Buffer.from('master.key'))).toBe(false);
      }
      const restored = pgUrl
        ? await openPostgres(restoredEnv.DATABASE_URL ?? '', 2)
        : await openPglite({ dataDir: restoredEnv.DATA_DIR });
      try {
        await restored.migrate();
        const rows = await restored.db
          .select({ receiptId: tokenRecords.receiptId })
          .from(tokenRecords)
          .where(eq(tokenRecords.kind, 'credit'));
        const have = new Set(rows.map((r) => r.receiptId));
        expect(before.filter((id) => !have.has(id))).toEqual([]);
        // The copy is consistent: no TID twice on a meter.
        const dupes = await restored.db.execute(
          sql`select meter_id, tid from token_records where tid is not null group by 1, 2 having count(*) > 1`,
        );
        expect(rowsOf(dupes)).toEqual([]);
      } finally {
        await restored.close();
        await dropRestored();
      }
    } finally {
      await server.stop();
      await storage.remove();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { dkga02, meterPanFromIain } from '@prepay/sts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { rowsOf } from '../src/db/client.js';
import { keyStoreOf } from '../src/modules/keystore/index.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { iain } from './masterdata-fixtures.js';
import { initSoftHsmToken } from './softhsm.js';
import { METER_STS, testConfig } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * With KEY_VAULT=pkcs11, 1,000 vends leave no trace of a key: afterwards a heap snapshot of this process
 * (the server runs in it), the server's log (info level), every row of every table and the meter and credit
 * token exports hold no form of the vending key or of any decoder key (hex either case, base64). The test
 * holds its random keys only XOR-masked until the snapshot is written, so that what the snapshot could find
 * is the server's.
 */

/** A random key kept only XOR-masked; its clear forms are made on demand. */
class MaskedKey {
  readonly #masked: Buffer;
  readonly #mask: Buffer;
  constructor(clear: Buffer) {
    this.#mask = randomBytes(clear.length);
    this.#masked = Buffer.from(clear.map((b, i) => b ^ (this.#mask[i] ?? 0)));
    clear.fill(0);
  }
  static random(bytes: number) {
    return new MaskedKey(randomBytes(bytes));
  }
  static ofHex(hex: string) {
    return new MaskedKey(Buffer.from(hex, 'hex'));
  }
  hex(): string {
    return Buffer.from(this.#masked.map((b, i) => b ^ (this.#mask[i] ?? 0)))
      .toString('hex')
      .toUpperCase();
  }
  /** Every form the key could be written in. */
  forms(): string[] {
    const hex = this.hex();
    return [hex, hex.toLowerCase(), Buffer.from(hex, 'hex').toString('base64')];
  }
}

/** Which of `needles` occur in the file, read in chunks that overlap by the longest needle. */
async function foundIn(file: string, needles: string[]): Promise<string[]> {
  const found = new Set<string>();
  const overlap = Math.max(...needles.map((n) => n.length));
  let tail = '';
  for await (const chunk of createReadStream(file, { encoding: 'latin1', highWaterMark: 1 << 22 })) {
    const text = tail + chunk;
    for (const n of needles) if (text.includes(n)) found.add(n);
    tail = text.slice(-overlap);
  }
  return [...found];
}

/** The spreadsheets an operator can download of these meters and their vends, inflated to text. */
async function exportsText(admin: string): Promise<string> {
  const parts: string[] = [];
  for (const url of ['/api/meter/export', '/api/token/creditTokenRecord/export']) {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, url).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    parts.push(...(await Promise.all(Object.values(zip.files).map((f) => f.async('string')))));
  }
  return parts.join('\n');
}

/** Every row of every table of the public schema, as text. */
async function everyRow(t: TestApp): Promise<string> {
  const tables = await t.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const rows = await t.database.db.execute(sql.raw(`select r::text as row from "${name}" r`));
    parts.push(JSON.stringify(rowsOf(rows)));
  }
  return parts.join('\n');
}

const METERS = 10;
const token = initSoftHsmToken('prepay-residue');
const vendingKey = MaskedKey.random(8);
const given: MaskedKey[] = [];
const meterIds = Array.from({ length: METERS }, (_, i) => iain(9100 + i));
const lines: string[] = [];
let t: TestApp;
let app: FastifyInstance;
const dir = mkdtempSync(path.join(tmpdir(), 'p11-residue-'));

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({
    config: testConfig({ logLevel: 'info', keyVault: 'pkcs11', pkcs11: token.config }),
    database: t.database,
    clock: t.clock,
    logStream: { write: (line: string) => lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  token.remove();
  rmSync(dir, { recursive: true, force: true });
});

async function post(url: string, body: unknown, bearer?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return res.json() as { code: number; reason: string; result: { token?: string } };
}

/** The vending key loaded through the API; half the meters derive their keys from it, half are given one. */
async function loadKeys(admin: string) {
  const vk = { sgc: METER_STS.sgc, krn: METER_STS.krn, dkga: '02', baseYear: METER_STS.baseYear };
  const created = await post(
    '/api/keystore/vendingKey/create',
    [{ ...vk, vendingKey: vendingKey.hex() }],
    admin,
  );
  expect(created.code, created.reason).toBe(0);
  const store = await keyStoreOf(app.deps);
  for (const [i, meterId] of meterIds.entries()) {
    await vendableMeter(t, { meterId });
    const { decoderKey: _fixture, ...fields } = METER_STS;
    if (i % 2 === 0) {
      const request = {
        meterPAN: meterPanFromIain(meterId),
        sgc: fields.sgc,
        krn: fields.krn,
        kt: fields.kt,
        ti: fields.ti,
      };
      const { sealed, source } = await store.derive(request, meterId);
      await store.putSealedDecoderKey({ meterId, ...fields, source }, sealed);
    } else {
      const key = MaskedKey.random(8);
      given.push(key);
      await store.putDecoderKey({ meterId, ...fields, decoderKey: key.hex() });
    }
  }
}

async function vend(admin: string, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const meterId = meterIds[next++ % METERS];
        const body = {
          meterId,
          amount: '1000',
          isPreview: false,
          isVendByTotalPaid: true,
          authorizationPassword: ADMIN_AUTH_PASSWORD,
          idempotencyKey: randomUUID(),
        };
        const r = await post('/api/token/creditToken/generate', body, admin);
        expect(r.code, r.reason).toBe(0);
      }
    }),
  );
}

it('leaves no vending or decoder key in the heap, the log, the database or an export after 1,000 vends', async () => {
  const admin =
    (await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD })).result.token ?? '';
  await loadKeys(admin);
  await vend(admin, 1_000);
  const snapshot = writeHeapSnapshot(path.join(dir, 'server.heapsnapshot'));

  // Only now are the clear keys made again, to look for them.
  const derived = meterIds
    .filter((_, i) => i % 2 === 0)
    .map((meterId) =>
      MaskedKey.ofHex(
        dkga02({ vendingKey: vendingKey.hex(), meterPAN: meterPanFromIain(meterId), ...METER_STS }),
      ),
    );
  const keys = [vendingKey, ...derived, ...given];
  expect(keys).toHaveLength(1 + METERS);
  const needles = keys.flatMap((k) => k.forms());
  // The search works: the snapshot taken now holds the needles themselves.
  expect(await foundIn(writeHeapSnapshot(path.join(dir, 'control.heapsnapshot')), needles)).toHaveLength(
    needles.length,
  );
  expect(await foundIn(snapshot, needles)).toEqual([]);
  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(1_000);
  expect(needles.filter((n) => log.includes(n))).toEqual([]);
  const rows = await everyRow(t);
  expect(rows).toMatch(/p11:/);
  expect(needles.filter((n) => rows.includes(n))).toEqual([]);
  const exported = await exportsText(admin);
  // The exports are the real ones: every meter and the vends are in them.
  for (const meterId of meterIds) expect(exported).toContain(meterId);
  expect(needles.filter((n) => exported.toUpperCase().includes(n.toUpperCase()))).toEqual([]);
}, 300_000);

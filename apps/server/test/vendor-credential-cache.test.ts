import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vendors } from '../src/db/schema.js';
import { fundedVendor, newId, transaction, vendorLine } from './channel-fixture.js';
import { ADMIN_AUTH_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { countStatements, secondServer } from './second-server.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * Vendors' machine secrets, once verified with argon2id, are served from a cache in each server process.
 * What the cache serves must never outlive a change: a rotated secret, a disabled or deleted vendor are
 * refused on the very next request in the process that made the change, and in another process on the same
 * database as soon as the database's notice reaches it (on PostgreSQL the second server has a pool and
 * listener of its own). A secret the cache does not hold the hash of is never accepted from it.
 */
const heardBy = { timeout: 5_000, interval: 5 };
const METER = '47005560001';

/** Reads of a vendor's row outside a lock (the credential's), counted from 0 where a test sets it. */
let reads: ReturnType<typeof countStatements>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await vendableMeter(t, { meterId: METER, debtMinor: 0 });
  admin = await t.adminToken();
  reads = countStatements(
    t.database,
    (text) => text.includes('from "vendors"') && !text.includes('for update'),
  );
});
afterAll(async () => {
  reads.restore();
  await t.close();
});

const basic = (vendorId: string, secret: string) =>
  `Basic ${Buffer.from(`${vendorId}:${secret}`).toString('base64')}`;
const secretOf = (header: string) =>
  Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[1] ?? '';

/** A meter lookup (reads and writes nothing of the float) with `authorization`, answered by `app`. */
async function lookup(authorization: string, vendorId: string, app: FastifyInstance = t.app) {
  const id = newId();
  const res = await app.inject({
    method: 'POST',
    url: `/prepaidutility/v3/meterLookups/${id}`,
    headers: { 'content-type': 'application/json', authorization },
    payload: JSON.stringify({ ...transaction(id, vendorId), meter: { meterId: METER } }),
  });
  return res.statusCode;
}

async function rotate(vendorId: string) {
  const auth = { vendorId, authorizationPassword: ADMIN_AUTH_PASSWORD };
  const cred = await t.call<{ secret: string }>('/api/vendor/credential', auth, admin);
  expect(cred.code).toBe(0);
  return basic(vendorId, cred.result.secret);
}

/** Whether a second lookup with the same credentials read no vendor row for them (one read: the float's). */
async function servedFromCache(authorization: string, vendorId: string) {
  expect(await lookup(authorization, vendorId)).toBe(201);
  reads.count = 0;
  expect(await lookup(authorization, vendorId)).toBe(201);
  return reads.count === 1;
}

/**
 * Waits until the credentials are served from the cache: on PostgreSQL the notice of a change just made
 * reaches this process twice (its own pooled connection, then its listener), and a read that the second
 * overtakes is not kept.
 */
const expectKept = (authorization: string, vendorId: string) =>
  vi.waitFor(async () => expect(await servedFromCache(authorization, vendorId)).toBe(true), heardBy);

describe('the credential cache', () => {
  it('serves a secret verified a moment ago without reading the vendor for it', async () => {
    const header = await fundedVendor(t, { vendorId: 'CC01', clientId: '6004708000401', topUp: '100' });
    reads.count = 0;
    expect(await lookup(header, 'CC01')).toBe(201);
    expect(reads.count).toBe(2);
    await expectKept(header, 'CC01');
  });

  it('never accepts a wrong secret, whether or not the right one is kept', async () => {
    const header = await fundedVendor(t, { vendorId: 'CC02', clientId: '6004708000402', topUp: '100' });
    const other = await fundedVendor(t, { vendorId: 'CC03', clientId: '6004708000403', topUp: '100' });
    await expectKept(header, 'CC02');
    await expectKept(other, 'CC03');
    const secret = secretOf(header);
    for (const wrong of [`${secret}x`, secret.slice(0, -1), '', secret.toUpperCase(), secretOf(other)]) {
      if (wrong === secret) continue;
      expect(await lookup(basic('CC02', wrong), 'CC02')).toBe(401);
    }
    expect(await lookup(basic('CC03', secret), 'CC03')).toBe(401);
    expect(await lookup(header, 'CC02')).toBe(201);
  });

  it('refuses a rotated secret at once and never again accepts it; the new one works', async () => {
    const old = await fundedVendor(t, { vendorId: 'CC04', clientId: '6004708000404', topUp: '100' });
    await expectKept(old, 'CC04');
    const rotated = await rotate('CC04');
    expect(await lookup(old, 'CC04')).toBe(401);
    await expectKept(rotated, 'CC04');
    expect(await lookup(old, 'CC04')).toBe(401);
    const again = await rotate('CC04');
    expect(await lookup(rotated, 'CC04')).toBe(401);
    expect(await lookup(old, 'CC04')).toBe(401);
    expect(await lookup(again, 'CC04')).toBe(201);
  });

  it('refuses a vendor disabled through the console or by any statement, and a deleted one, at once', async () => {
    const spec = { vendorId: 'CC05', clientId: '6004708000405', topUp: '100' };
    const header = await fundedVendor(t, spec);
    const update = (enabled: boolean) =>
      t.call('/api/vendor/update', [vendorLine({ ...spec, enabled })], admin);
    await expectKept(header, 'CC05');
    expect((await update(false)).code).toBe(0);
    expect(await lookup(header, 'CC05')).toBe(401);
    expect((await update(true)).code).toBe(0);
    await expectKept(header, 'CC05');
    await t.database.db.update(vendors).set({ enabled: false }).where(eq(vendors.vendorId, 'CC05'));
    expect(await lookup(header, 'CC05')).toBe(401);

    // A vendor whose float never moved can be deleted; a lookup needs no float.
    const line = vendorLine({ vendorId: 'CC06', clientId: '6004708000406', topUp: '0' });
    expect((await t.call('/api/vendor/create', [line], admin)).code).toBe(0);
    const doomed = await rotate('CC06');
    await expectKept(doomed, 'CC06');
    expect((await t.call('/api/vendor/delete', [{ vendorId: 'CC06' }], admin)).code).toBe(0);
    expect(await lookup(doomed, 'CC06')).toBe(401);
  });

  it('keeps nothing of a balance move: a sale or top-up does not drop the kept secret', async () => {
    const header = await fundedVendor(t, { vendorId: 'CC07', clientId: '6004708000407', topUp: '100' });
    await expectKept(header, 'CC07');
    await t.database.db.execute(
      sql`update vendors set balance_minor = balance_minor + 1 where vendor_id = 'CC07'`,
    );
    reads.count = 0;
    expect(await lookup(header, 'CC07')).toBe(201);
    expect(reads.count).toBe(1);
  });
});

describe('the credential cache across server processes', () => {
  let server: Awaited<ReturnType<typeof secondServer>>;
  beforeAll(async () => {
    server = await secondServer(t);
  });
  afterAll(async () => server.close());

  it('a secret rotated through one server is refused by the other once the notice reaches it', async () => {
    const old = await fundedVendor(t, { vendorId: 'CC11', clientId: '6004708000411', topUp: '100' });
    expect(await lookup(old, 'CC11', server.app)).toBe(201);
    expect(await lookup(old, 'CC11', server.app)).toBe(201);
    const rotated = await rotate('CC11');
    await vi.waitFor(async () => expect(await lookup(old, 'CC11', server.app)).toBe(401), heardBy);
    expect(await lookup(rotated, 'CC11', server.app)).toBe(201);
    expect(await lookup(old, 'CC11', server.app)).toBe(401);
  });

  it('a vendor disabled by any statement is refused by the other server once the notice reaches it', async () => {
    const header = await fundedVendor(t, { vendorId: 'CC12', clientId: '6004708000412', topUp: '100' });
    expect(await lookup(header, 'CC12', server.app)).toBe(201);
    expect(await lookup(header, 'CC12', server.app)).toBe(201);
    await t.database.db.update(vendors).set({ enabled: false }).where(eq(vendors.vendorId, 'CC12'));
    await vi.waitFor(async () => expect(await lookup(header, 'CC12', server.app)).toBe(401), heardBy);
  });
});

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { authorizationProofs, tariffs, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { sessionProofOf } from '../src/modules/auth/session-proof.repo.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { testConfig } from './test-config.js';
import { creditVend, vendableMeter } from './vending-fixture.js';

let t: TestApp;
const METER = '47001234567';
beforeAll(async () => {
  t = await createTestApp();
  await vendableMeter(t, { meterId: METER });
});
afterAll(() => t.close());

const vend = (authorizationPassword: string, token: string) =>
  creditVend(t, { meterId: METER, amount: '1000', authorizationPassword }, token);

const proofs = () => t.database.db.select().from(authorizationProofs);

/**
 * Replaces the stored authorization hash with one of another password while keeping the session's proof
 * pointing at it: from then on only the proof can accept the old password (argon2 would refuse it). This
 * is how the tests see which path answered.
 */
async function swapHashKeepingProof(sessionProof: typeof authorizationProofs.$inferSelect) {
  const other = await hashPassword('Some#Other-Pass-2026');
  await t.database.db
    .update(users)
    .set({ authorizationPasswordHash: other })
    .where(eq(users.userId, 'admin'));
  await t.database.db
    .update(authorizationProofs)
    .set({ hashTag: createHash('sha256').update(other).digest('base64url') })
    .where(eq(authorizationProofs.sessionId, sessionProof.sessionId));
  return async () => {
    await t.database.db
      .update(users)
      .set({ authorizationPasswordHash: await hashPassword(ADMIN_AUTH_PASSWORD) })
      .where(eq(users.userId, 'admin'));
  };
}

describe('per-session authorization proof', () => {
  it('the first vend of a session proves the password; later vends of that session are checked against the proof', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
    const [proof] = await proofs();
    expect(proof?.userId).toBe('admin');
    // Nothing of the password in the row: a keyed digest only.
    expect(JSON.stringify(proof)).not.toContain(ADMIN_AUTH_PASSWORD);
    if (!proof) throw new Error('no proof');
    const restore = await swapHashKeepingProof(proof);
    try {
      expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
      // Another process on the same database (or this one after a restart) honours the same proof.
      const second = await buildApp({
        config: testConfig(),
        database: t.database,
        clock: t.clock,
        logger: false,
      });
      const res = await second.inject({
        method: 'POST',
        url: '/api/token/creditToken/generate',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          meterId: METER,
          amount: '1000',
          isPreview: false,
          isVendByTotalPaid: true,
          authorizationPassword: ADMIN_AUTH_PASSWORD,
        },
      });
      expect(res.json().code).toBe(0);
      await second.close();
      // Another session of the same user has no proof: it pays the full check, which refuses.
      const other = await t.login('admin', ADMIN_PASSWORD);
      expect((await vend(ADMIN_AUTH_PASSWORD, other)).reason).toBe('The authorization password is incorrect');
      // The proof expires: the same session then pays the full check again.
      t.clock.advanceMinutes(11);
      expect((await vend(ADMIN_AUTH_PASSWORD, token)).reason).toBe('The authorization password is incorrect');
    } finally {
      await restore();
    }
  });

  it('a wrong password never passes the proof, still counts toward the lockout, and drops the proof', async () => {
    t.clock.advanceMinutes(60);
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
    expect((await proofs()).map((p) => p.userId)).toContain('admin');
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) reasons.push((await vend(`Wrong#Guess-${i}`, token)).reason);
    expect(reasons.slice(0, 4)).toEqual(Array(4).fill('The authorization password is incorrect'));
    expect(reasons[4]).toMatch(/locked for 15 minutes/);
    expect(await proofs()).toEqual([]);
    // Locked: the right password is refused, whatever the session proved before.
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).reason).toMatch(/locked until/);
    t.clock.advanceMinutes(16);
    const again = await t.login('admin', ADMIN_PASSWORD);
    expect((await vend(ADMIN_AUTH_PASSWORD, again)).code).toBe(0);
  });

  it("a session's read carries its proof, so a vend reads no proof of its own; the hash check agrees with the tag", async () => {
    t.clock.advanceMinutes(60);
    const token = await t.login('admin', ADMIN_PASSWORD);
    const before = await t.app.deps.sessions.resolve(token);
    expect(sessionProofOf(before)).toMatchObject({ digest: null, hashCurrent: null });
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
    const [stored] = (await proofs()).filter((p) => p.sessionId === before.sessionId);
    const user = await t.app.deps.sessions.resolve(token);
    expect(sessionProofOf(user)).toMatchObject({
      digest: stored?.digest,
      expiresAt: stored?.expiresAt,
      hashCurrent: true,
    });
    // The user object carries nothing of the proof: nothing that logs or answers it can leak the digest.
    expect(JSON.stringify(user)).not.toContain(stored?.digest);
    if (!stored) throw new Error('no proof');
    const restore = await swapHashKeepingProof(stored);
    try {
      await t.database.db
        .update(authorizationProofs)
        .set({ hashTag: 'not-the-tag' })
        .where(eq(authorizationProofs.sessionId, stored.sessionId));
      expect(sessionProofOf(await t.app.deps.sessions.resolve(token))?.hashCurrent).toBe(false);
    } finally {
      await restore();
    }
  });

  it('a vend after the proof runs three statements (the session with its proof, the meter with its inputs, the write); later ones two while the session is kept, three when the tariff needs the period usage; two with an idempotency key, and a retry with it two without a write', async () => {
    t.clock.advanceMinutes(60);
    const flat = '47001234999';
    await vendableMeter(t, { meterId: flat });
    await t.database.db
      .update(tariffs)
      .set({ steps: [], monthlyChargeMinor: 0 })
      .where(eq(tariffs.tariffId, `T${flat}`));
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
    // The driver's own query function, PGlite's or the pool's: every statement the app sends passes it.
    const client: { query: (...args: unknown[]) => unknown } = Reflect.get(t.database.db, '$client');
    const query = client.query;
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements++;
      return query.apply(client, args);
    };
    let receipts: unknown[] = [];
    const counted = async (meterId: string, idempotencyKey?: string) => {
      statements = 0;
      const r = await creditVend(
        t,
        { meterId, amount: '1000', authorizationPassword: ADMIN_AUTH_PASSWORD, idempotencyKey },
        token,
      );
      expect(r.code, r.reason).toBe(0);
      receipts.push(r.result.receiptId);
      return statements;
    };
    try {
      // The proof made by the first vend changed the session read, so this one reads it again.
      expect(await counted(flat)).toBe(3);
      // From here the session is served from this process's session cache.
      expect(await counted(METER)).toBe(3);
      receipts = [];
      // The console sends a key with every vend: whether it was used rides on the meter's statement.
      expect(await counted(flat, 'proof-statements-1')).toBe(2);
      // A retry with it: the meter (the key is used), the first vend's record; nothing written.
      expect(await counted(flat, 'proof-statements-1')).toBe(2);
      expect(receipts[1]).toBe(receipts[0]);
    } finally {
      client.query = query;
    }
  });

  it('a changed authorization password voids the proof at once', async () => {
    t.clock.advanceMinutes(60);
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).code).toBe(0);
    const changed = await t.call(
      '/api/user/modifyAuthorizationPassword',
      { oldPassword: ADMIN_AUTH_PASSWORD, newPassword: 'Fresh#Auth-Pass-2027' },
      token,
    );
    expect(changed.code, changed.reason).toBe(0);
    expect((await vend(ADMIN_AUTH_PASSWORD, token)).reason).toBe('The authorization password is incorrect');
    expect((await vend('Fresh#Auth-Pass-2027', token)).code).toBe(0);
  });

  it('AUTHORIZATION_PROOF_MINUTES=0 checks argon2 on every vend and keeps no proof', async () => {
    const off = await createTestApp({ authorizationProofMinutes: 0 });
    try {
      await vendableMeter(off, { meterId: METER });
      const token = await off.login('admin', ADMIN_PASSWORD);
      const res = await off.call(
        '/api/token/creditToken/generate',
        {
          meterId: METER,
          amount: '1000',
          isPreview: false,
          isVendByTotalPaid: true,
          authorizationPassword: ADMIN_AUTH_PASSWORD,
        },
        token,
      );
      expect(res.code).toBe(0);
      expect(await off.database.db.select().from(authorizationProofs)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

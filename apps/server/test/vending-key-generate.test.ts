import { vendingKeyCheckValue } from '@prepay/sts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, vendingKeys } from '../src/db/schema.js';
import { createKeyCipher, loadKeyEncryptionKey } from '../src/modules/keystore/key-cipher.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import { unchangedBy } from './fingerprint.js';
import { createTestApp, type TestApp } from './harness.js';
import { derivedDecoderKey, meterUnderVendingKey } from './vending-fixture.js';

type KeyRow = { sgc: string; krn: number; dkga: string; checkValue: string };
const GENERATE = '/api/keystore/vendingKey/generate';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** The generated key in clear, opened here with the software vault the app uses (the test's way in). */
async function generatedKey(sgc: string, krn: number): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(vendingKeys)
    .where(and(eq(vendingKeys.sgc, sgc), eq(vendingKeys.krn, krn)));
  if (!row) throw new Error(`no vending key ${sgc}/${krn}`);
  const vault = cipherVault(
    createKeyCipher(await loadKeyEncryptionKey({ dataDir: t.app.deps.config.dataDir })),
  );
  return vault.reveal?.({ sealed: row.keyEnc, context: `vending:${sgc}/${krn}` }) ?? '';
}

describe('vending keys generated inside the vault', () => {
  it('answers the new keys with their check values; the key is in no answer and no audit row', async () => {
    const rows = [
      { sgc: '600300', krn: 1, dkga: '02', baseYear: 1993, label: 'ceremony 2026' },
      { sgc: '600300', krn: 2, dkga: '04', baseYear: 2014 },
    ];
    const res = await t.call<KeyRow[]>(GENERATE, rows, admin);
    expect(res.code, res.reason).toBe(0);
    expect(res.result.map((k) => [k.sgc, k.krn, k.dkga])).toEqual([
      ['600300', 1, '02'],
      ['600300', 2, '04'],
    ]);
    const des = await generatedKey('600300', 1);
    const hmac = await generatedKey('600300', 2);
    expect(des).toMatch(/^[0-9A-F]{16}$/);
    expect(hmac).toMatch(/^[0-9A-F]{40}$/);
    expect(res.result.map((k) => k.checkValue)).toEqual([
      vendingKeyCheckValue('02', des),
      vendingKeyCheckValue('04', hmac),
    ]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'Generate'));
    expect(audit.map((a) => a.title)).toEqual(['VendingKey', 'VendingKey']);
    const seen = JSON.stringify([res, audit]).toUpperCase();
    expect(seen).not.toContain(des);
    expect(seen).not.toContain(hmac);
  });

  it('derives a new meter decoder key from the generated key (DKGA02)', async () => {
    const meterId = '47300000016';
    const created = await meterUnderVendingKey(t, admin, meterId, '600300');
    expect(created?.hasDecoderKey).toBe(true);
    const expected = derivedDecoderKey(meterId, '600300', await generatedKey('600300', 1));
    expect((await (await keyStoreOf(t.app.deps)).decoderKeyFor(meterId)).decoderKey).toBe(expected);
  });

  it('never replaces a key already in place, and a refused call changes nothing', async () => {
    const before = await generatedKey('600300', 1);
    const res = await unchangedBy(t.database, () =>
      t.call(GENERATE, [{ sgc: '600300', krn: 1, dkga: '02', baseYear: 1993 }], admin),
    );
    expect(res.code).not.toBe(0);
    expect(res.reason).toBe(
      'SGC 600300 KRN 1 already has a vending key; remove it before generating a new one',
    );
    expect(await generatedKey('600300', 1)).toBe(before);
  });

  it('makes a different key each time', async () => {
    const res = await t.call<KeyRow[]>(
      GENERATE,
      [1, 2, 3, 4].map((krn) => ({ sgc: '600400', krn, dkga: '02', baseYear: 2014 })),
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    const keys = await Promise.all([1, 2, 3, 4].map((krn) => generatedKey('600400', krn)));
    expect(new Set(keys).size).toBe(4);
    const count = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendingKeys)
      .where(eq(vendingKeys.sgc, '600400'));
    expect(count[0]?.n).toBe(4);
  });
});

import { publicEncrypt } from 'node:crypto';
import type { TransportKeyRow, VendingKeyRow } from '@prepay/contracts';
import { vendingKeyCheckValue } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { TRANSPORT_OAEP } from '../src/modules/keystore/key-vault.js';
import { unchangedBy } from './fingerprint.js';
import { createTestApp, type TestApp } from './harness.js';
import { createStations, northUser } from './masterdata-fixtures.js';
import { derivedDecoderKey, meterUnderVendingKey } from './vending-fixture.js';

/**
 * Wrapped key import, the key ceremony's second way in: the vault makes a transport key pair, a key
 * management centre wraps a vending key under its public half (RSA-OAEP), and the import unwraps it inside
 * the vault, checks it against the check value sent with it, and stores it sealed. Nobody types the key.
 */
const IMPORT = '/api/keystore/vendingKey/importWrapped';
const DES_KEY = '0ABC1234DEF56789';
const HMAC_KEY = '00112233445566778899AABBCCDDEEFF01234567';

let t: TestApp;
let admin: string;
let transport: TransportKeyRow;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const made = await t.call<TransportKeyRow>('/api/keystore/transportKey/generate', {}, admin);
  expect(made.code, made.reason).toBe(0);
  transport = made.result;
});
afterAll(() => t.close());

/** What the supplier does: wrap under the public half it was given. */
const wrap = (keyHex: string, pem = transport.publicKeyPem) =>
  publicEncrypt({ key: pem, ...TRANSPORT_OAEP }, Buffer.from(keyHex, 'hex')).toString('base64');

const line = (sgc: string, krn: number, keyHex: string, dkga: '02' | '04' = '02') => ({
  sgc,
  krn,
  dkga,
  baseYear: dkga === '02' ? 1993 : 2014,
  transportKey: transport.fingerprint,
  wrappedKey: wrap(keyHex),
  checkValue: vendingKeyCheckValue(dkga, keyHex),
});

describe('vending keys imported wrapped under a transport key', () => {
  it('gives the supplier a public key and its fingerprint; the private half is in no answer', async () => {
    expect(transport.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(transport.fingerprint).toMatch(/^[0-9A-F]{64}$/);
    const listed = await t.call<TransportKeyRow[]>('/api/keystore/transportKey/read', {}, admin);
    expect(listed.result.map((r) => r.fingerprint)).toEqual([transport.fingerprint]);
    expect(JSON.stringify(listed)).not.toMatch(/PRIVATE KEY/);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.title, 'TransportKey'));
    expect(audit.map((a) => a.action)).toEqual(['Generate']);
  });

  it('unwraps, checks and stores DKGA02 and DKGA04 keys; meters derive from them as from typed keys', async () => {
    const res = await t.call<VendingKeyRow[]>(
      IMPORT,
      [line('600400', 1, DES_KEY), line('600400', 2, HMAC_KEY, '04')],
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.map((k) => [k.sgc, k.krn, k.checkValue])).toEqual([
      ['600400', 1, vendingKeyCheckValue('02', DES_KEY)],
      ['600400', 2, vendingKeyCheckValue('04', HMAC_KEY)],
    ]);
    const meterId = '47300000024';
    await meterUnderVendingKey(t, admin, meterId, '600400');
    const expected = derivedDecoderKey(meterId, '600400', DES_KEY);
    expect((await (await keyStoreOf(t.app.deps)).decoderKeyFor(meterId)).decoderKey).toBe(expected);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'Import'));
    const seen = JSON.stringify([res, audit]).toUpperCase();
    expect(audit.filter((a) => a.title === 'VendingKey')).toHaveLength(2);
    expect(seen).not.toContain(DES_KEY);
    expect(seen).not.toContain(HMAC_KEY);
  });

  it('refuses a wrong check value, another transport key, a damaged wrapping and a wrong length, storing nothing', async () => {
    const other = await t.call<TransportKeyRow>('/api/keystore/transportKey/generate', {}, admin);
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...line('600500', 1, DES_KEY), checkValue: 'ABCDEF' },
        'the unwrapped key is not the key its check value names',
      ],
      [
        { ...line('600500', 1, DES_KEY), wrappedKey: wrap(DES_KEY, other.result.publicKeyPem) },
        'does not open with that transport key',
      ],
      [
        { ...line('600500', 1, DES_KEY), wrappedKey: Buffer.alloc(256, 7).toString('base64') },
        'does not open',
      ],
      [
        { ...line('600500', 1, DES_KEY), transportKey: 'A'.repeat(64) },
        'no transport key has the fingerprint',
      ],
      [
        { ...line('600500', 1, DES_KEY), wrappedKey: wrap(HMAC_KEY) },
        'the unwrapped key is 20 bytes; a DKGA02 vending key is 8',
      ],
    ];
    for (const [body, reason] of cases) {
      // The first line is good: all or nothing, it is not stored either.
      const res = await unchangedBy(t.database, () =>
        t.call(IMPORT, [line('600500', 2, DES_KEY), body], admin),
      );
      expect(res.code, reason).not.toBe(0);
      expect(res.reason).toContain(reason);
    }
    const bad = await t.call(IMPORT, [{ ...line('600500', 1, DES_KEY), wrappedKey: 'not base64!' }], admin);
    expect(bad.reason).toContain('the wrapped key is base64');
  });

  it('is for system administrators only', async () => {
    await createStations(t, admin);
    const clerk = await northUser(t, 'keyclerk', 'Setting.VendingKey');
    for (const path of [IMPORT, '/api/keystore/transportKey/generate']) {
      const res = await unchangedBy(t.database, () =>
        t.call(path, path === IMPORT ? [line('600600', 1, DES_KEY)] : {}, clerk),
      );
      expect(res.code).not.toBe(0);
      expect(res.reason).toBe('Only a system administrator manages vending keys');
    }
  });
});

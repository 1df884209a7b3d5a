import { createCipheriv, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decodeToken, type KeyedToken, meterPanFromIain } from '@prepay/sts';
import { sql } from 'drizzle-orm';
import pkcs11js from 'pkcs11js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyVault, VendingKeyRef } from '../src/modules/keystore/key-vault.js';
import { KEK_LABEL } from '../src/modules/keystore/pkcs11-vault.js';
import { createTestApp, type TestApp } from './harness.js';
import { iain } from './masterdata-fixtures.js';
import { aesWrappingKey, expectKeyHeldInToken, softHsmVaults } from './softhsm.js';
import { creditVend, DECODER_KEY, meterUnderVendingKey, vendableMeter } from './vending-fixture.js';

/**
 * The PKCS#11 vault on a SoftHSM2 token of its own: it gives the same tokens as the software vault, its
 * key-encryption key cannot be read or wrapped out of the token, and the app built with KEY_VAULT=pkcs11
 * vends through it.
 */
const vaults = softHsmVaults();
const { token, software } = vaults;

const VENDING_KEYS = [
  { dkga: '02', key: '0ABC1234DEF56789', baseYear: 1993, ea: '07' },
  { dkga: '04', key: '00112233445566778899AABBCCDDEEFF01234567', baseYear: 2014, ea: '07' },
  { dkga: '04', key: '00112233445566778899AABBCCDDEEFF01234567', baseYear: 2014, ea: '11' },
] as const;

function tokenOf(kind: KeyedToken['kind'], i: number): KeyedToken {
  const tid = 1_000 + i * 7;
  switch (kind) {
    case 'credit':
      return { kind, tid, subclass: i % 4, amountUnits: (i * 37) % 100_000 };
    case 'clearCredit':
      return { kind, tid, register: i % 2 === 0 ? 0 : 65535 };
    case 'clearTamper':
      return { kind, tid };
    case 'maxPower':
    case 'maxPhaseUnbalance':
      return { kind, tid, watts: (i * 13) % 60_000 };
    case 'maxOverdraft':
      return {
        kind,
        tid,
        value: i % 1000,
        profile: { name: 'test', subclass: 11, valueEncoding: 'raw', unit: 'currencyMinorUnit' },
      };
  }
}

const KINDS: KeyedToken['kind'][] = [
  'credit',
  'clearCredit',
  'clearTamper',
  'maxPower',
  'maxPhaseUnbalance',
  'maxOverdraft',
];

async function vendingRef(vault: KeyVault, vk: (typeof VENDING_KEYS)[number]): Promise<VendingKeyRef> {
  const context = `vending:123456/1/${vk.dkga}`;
  return { sealed: await vault.seal(vk.key, context), context, dkga: vk.dkga, baseYear: vk.baseYear };
}

/** The meters' decoder keys derived by one vault, sealed for each meter. */
async function deriveMeters(vault: KeyVault, vk: (typeof VENDING_KEYS)[number], count: number) {
  const ref = await vendingRef(vault, vk);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const meterPAN = meterPanFromIain(iain(i + 1));
      const request = { meterPAN, sgc: '123456', krn: 1, kt: 2, ti: i % 100, ea: vk.ea };
      const context = `meter:${meterPAN}`;
      return { context, ...(await vault.derive(ref, request, context)) };
    }),
  );
}

describe('the PKCS#11 vault against the software vault', () => {
  for (const vk of VENDING_KEYS) {
    it(`DKGA${vk.dkga} with EA${vk.ea}: 1,000 tokens of every class are identical`, async () => {
      const [mine, theirs] = await Promise.all([
        deriveMeters(vaults.vault, vk, 20),
        deriveMeters(software, vk, 20),
      ]);
      const keys: string[] = [];
      for (const [i, m] of mine.entries()) {
        expect(m.sealed).toMatch(/^p11:/);
        keys.push((await software.reveal?.({ sealed: theirs[i]?.sealed ?? '', context: m.context })) ?? '');
        expect(await vaults.vault.matches(m, keys[i] ?? '')).toBe(true);
      }
      // Both vaults are given the same 4-bit random number, so the same token is the same 20 digits.
      const opened = (digits: string, i: number) => decodeToken(digits, keys[i % 20] ?? '');
      for (const kind of KINDS) {
        const tokens = Array.from({ length: 1_000 }, (_, i) => ({ ...tokenOf(kind, i), rnd: i % 16 }));
        const ours = await Promise.all(tokens.map((tk, i) => vaults.vault.encode(mine[i % 20] as never, tk)));
        const expected = await Promise.all(
          tokens.map((tk, i) => software.encode(theirs[i % 20] as never, tk)),
        );
        expect(ours).toEqual(expected);
        expect(new Set(ours).size).toBe(1_000);
        expect(
          ours.map(opened).every((f, i) => f.crcOk && (f.tid ?? tokens[i]?.tid) === tokens[i]?.tid),
        ).toBe(true);
      }
      const fields = { newKEN: 255, newKRN: 2, RO: 0, newKT: 2, newTI: 3, sgc: '654321' };
      for (let i = 0; i < 19; i++) {
        const a = await vaults.vault.encodeKeyChange(mine[i] as never, mine[i + 1] as never, fields);
        const b = await software.encodeKeyChange(theirs[i] as never, theirs[i + 1] as never, fields);
        expect(a).toEqual(b);
      }
    });
  }

  it('opens a sealed key only under the context it was sealed for', async () => {
    const sealed = await vaults.vault.seal(DECODER_KEY, 'meter:1');
    expect(await vaults.vault.matches({ sealed, context: 'meter:1' }, DECODER_KEY)).toBe(true);
    await expect(vaults.vault.matches({ sealed, context: 'meter:2' }, DECODER_KEY)).rejects.toThrow(
      /refuses/,
    );
    expect(sealed.toUpperCase()).not.toContain(DECODER_KEY);
  });
});

interface Vector {
  id: string;
  category: string;
  inputs: Record<string, string | number>;
  expected?: { token?: string; decoderKey?: string } | null;
}
const VECTORS = (
  JSON.parse(
    readFileSync(new URL('../../../packages/sts/test/sts-vectors.json', import.meta.url), 'utf8'),
  ) as { vectors: Vector[] }
).vectors;

/** A token's decrypted fields, its random nibble aside (the vault draws its own). */
function fieldsOf(digits: string, key: string) {
  const { rnd: _rnd, token: _token, plainBlock: _block, ...fields } = decodeToken(digits, key);
  return fields;
}

describe('the STS vectors through the PKCS#11 vault', () => {
  const derivations = new Map(VECTORS.filter((v) => v.category === 'dkga02').map((v) => [v.id, v.inputs]));

  /** The vector's decoder key, derived by the token's vault from its vending key when the vector says so. */
  async function decoderKeyOf(v: Vector) {
    const from = derivations.get(String(v.inputs.keyFrom));
    const context = `meter:${v.id}`;
    if (!from) return { sealed: await vaults.vault.seal(String(v.inputs.decoderKey), context), context };
    const vkContext = `vending:${from.sgc}/${from.krn}/02`;
    const sealedVk = await vaults.vault.seal(String(from.vendingKey), vkContext);
    const ref = { sealed: sealedVk, context: vkContext, dkga: '02', baseYear: 1993 } as const;
    const request = {
      meterPAN: String(from.meterPAN),
      sgc: String(from.sgc),
      krn: Number(from.krn),
      kt: Number(from.keyType),
      ti: String(from.ti),
    };
    const { sealed } = await vaults.vault.derive(ref, request, context);
    return { sealed, context };
  }

  it('derives DKGA02-1 exactly and gives the token of every credit vector, RND aside', async () => {
    const dk = await decoderKeyOf({ id: 'dk', category: '', inputs: { keyFrom: 'DKGA02-1' } });
    expect(await vaults.vault.matches(dk, 'E653341F9D5BF36F')).toBe(true);
    const credits = VECTORS.filter((v) => v.category === 'class0-credit');
    expect(credits).toHaveLength(52);
    for (const v of credits) {
      const key = String(v.inputs.decoderKey);
      const ref = await decoderKeyOf(v);
      expect(await vaults.vault.matches(ref, key), v.id).toBe(true);
      const token = {
        kind: 'credit',
        tid: Number(v.inputs.tid),
        subclass: Number(v.inputs.subclass),
        amountUnits: Number(v.inputs.amountUnits),
      } as const;
      const ours = await vaults.vault.encode(ref, token);
      expect(fieldsOf(ours, key), v.id).toEqual(fieldsOf(String(v.expected?.token), key));
    }
  });
});

describe('the key-encryption key stays in the token', () => {
  const p11 = new pkcs11js.PKCS11();
  let session: Buffer;
  let kek: Buffer;
  beforeAll(() => {
    // The library is already initialised by the vault in this process; this handle shares it.
    p11.load(token.config.module);
    const [slot] = p11.C_GetSlotList(true);
    session = p11.C_OpenSession(slot as Buffer, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
    p11.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_LABEL, value: KEK_LABEL }]);
    [kek] = p11.C_FindObjects(session, 2) as [Buffer];
    p11.C_FindObjectsFinal(session);
  });
  afterAll(() => {
    p11.C_CloseSession(session);
  });

  it('answers sensitive and not extractable, and its value cannot be read', () => {
    expectKeyHeldInToken(p11, session, kek, pkcs11js.CKA_VALUE);
  });

  it('refuses to be wrapped out under another key', () => {
    const wrapper = aesWrappingKey(p11, session);
    const wrap = () =>
      p11.C_WrapKey(session, { mechanism: pkcs11js.CKM_AES_KEY_WRAP }, wrapper, kek, Buffer.alloc(64));
    expect(wrap).toThrow(/CKR_KEY_UNEXTRACTABLE/);
    p11.C_DestroyObject(session, wrapper);
  });
});

/** Check values computed here with node:crypto, apart from the code under test. */
const DES_VK = 'ABABABABABABABAB';
const HMAC_VK = '00112233445566778899AABBCCDDEEFF01234567';
function expectedCheckValues() {
  const zeros = Buffer.alloc(8);
  const des = createCipheriv('des-ede-ecb', Buffer.from(DES_VK + DES_VK, 'hex'), null).update(zeros);
  const hmac = createHmac('sha256', Buffer.from(HMAC_VK, 'hex')).update(zeros).digest();
  return [des, hmac].map((b) => b.subarray(0, 3).toString('hex').toUpperCase());
}

/** Loads the two vending keys through the API and reads the list back: check values, never keys. */
async function checkValuesOf(t: TestApp) {
  const admin = await t.adminToken();
  const rows = [
    { sgc: '600100', krn: 1, dkga: '02', vendingKey: DES_VK, baseYear: 1993 },
    { sgc: '600100', krn: 2, dkga: '04', vendingKey: HMAC_VK, baseYear: 2014 },
  ];
  const created = await t.call('/api/keystore/vendingKey/create', rows, admin);
  expect(created.code, created.reason).toBe(0);
  const read = await t.call<{ sgc: string; krn: number; checkValue: string }[]>(
    '/api/keystore/vendingKey/read',
    {},
    admin,
  );
  expect(read.code, read.reason).toBe(0);
  const text = JSON.stringify(read).toUpperCase();
  expect(text).not.toContain(DES_VK);
  expect(text).not.toContain(HMAC_VK);
  return read.result.filter((r) => r.sgc === '600100').map((r) => r.checkValue);
}

describe('vending key check values', () => {
  it('the software vault lists the standard check values', async () => {
    const t = await createTestApp();
    try {
      expect(await checkValuesOf(t)).toEqual(expectedCheckValues());
    } finally {
      await t.close();
    }
  });
});

describe('the app built with KEY_VAULT=pkcs11', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ keyVault: 'pkcs11', pkcs11: token.config });
  });
  afterAll(() => t.close());

  it('lists the vending keys loaded through the API with their check values, never the keys', async () => {
    expect(await checkValuesOf(t)).toEqual(expectedCheckValues());
  });

  it('vends a credit token under a key the token sealed, and the database holds only its blobs', async () => {
    const admin = await t.adminToken();
    const { meterId } = await vendableMeter(t, { meterId: '47300000001' });
    const vend = await creditVend(t, { meterId, amount: '1000' }, admin);
    expect(vend.code, vend.reason).toBe(0);
    const decoded = decodeToken(vend.result.token.replace(/ /g, ''), DECODER_KEY);
    expect(decoded).toMatchObject({ tokenClass: 0, crcOk: true, tid: vend.result.tid });
    const rows = JSON.stringify(await t.database.db.execute(sql`select key_enc from meter_keys`));
    expect(rows).toMatch(/p11:/);
    expect(rows.toUpperCase()).not.toContain(DECODER_KEY);
  });

  it('generates a vending key with the token generator: sealed by the token, and a meter derives its key under it', async () => {
    const admin = await t.adminToken();
    const made = await t.call<{ sgc: string; checkValue: string }[]>(
      '/api/keystore/vendingKey/generate',
      [{ sgc: '600500', krn: 1, dkga: '02', baseYear: 2014 }],
      admin,
    );
    expect(made.code, made.reason).toBe(0);
    expect(made.result[0]?.checkValue).toMatch(/^[0-9A-F]{6}$/);
    const stored = await t.database.db.execute(sql`select key_enc from vending_keys where sgc = '600500'`);
    expect(JSON.stringify(stored)).toMatch(/p11:/);
    const meterId = iain(77);
    const created = await meterUnderVendingKey(t, admin, meterId, '600500');
    expect(created?.hasDecoderKey).toBe(true);
  });
});

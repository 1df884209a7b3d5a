import { decodeToken } from '@prepay/sts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { ADMIN_AUTH_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { HsmLikeVault } from './hsm-like-vault.js';
import { createStations, DEMO_VK, iain } from './masterdata-fixtures.js';
import {
  creditVend,
  DECODER_KEY,
  derivedDecoderKey,
  meterUnderVendingKey,
  NEW_DECODER_KEY,
  NEXT_KEY_FIELDS,
  vendableMeter,
} from './vending-fixture.js';

/**
 * The key store behind an HSM-shaped vault that never lets a key out: the same services vend, derive
 * and change keys through it, and the database holds only handles.
 */
let t: TestApp;
let admin: string;
const vault = new HsmLikeVault();
beforeAll(async () => {
  t = await createTestApp({}, { keyVault: vault });
  admin = await t.adminToken();
  await createStations(t, admin);
});
afterAll(() => t.close());

const digits = (token: string) => token.replace(/ /g, '');
const HEX_KEYS = [DECODER_KEY, NEW_DECODER_KEY, DEMO_VK.vendingKey];

describe('vending with the key store replaced by an HSM-like vault', () => {
  it('vends credit and management tokens under keys the services never see', async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47200000001' });
    const before = vault.operations;
    const credit = await creditVend(t, { meterId, amount: '1000' }, admin);
    expect(credit.code, credit.reason).toBe(0);
    expect(decodeToken(digits(credit.result.token), DECODER_KEY)).toMatchObject({
      tokenClass: 0,
      crcOk: true,
      tid: credit.result.tid,
      amountUnits: Math.round(credit.result.totalUnit * 10),
    });
    const tamper = await t.call<{ token: string }>(
      '/api/token/clearTamperToken/generate',
      { meterId },
      admin,
    );
    expect(tamper.code, tamper.reason).toBe(0);
    expect(decodeToken(digits(tamper.result.token), DECODER_KEY)).toMatchObject({ subclass: 5, crcOk: true });
    expect(vault.operations).toBeGreaterThan(before);
    // Nothing can take the key out of this store.
    await expect((await keyStoreOf(t.app.deps)).getDecoderKey(meterId)).rejects.toThrow(/does not export/);
  });

  it('derives a meter key inside the vault from the vending key', async () => {
    expect((await t.call('/api/keystore/vendingKey/create', [DEMO_VK], admin)).code).toBe(0);
    const meterId = iain(7);
    await meterUnderVendingKey(t, admin, meterId, '123456', 'NORTH');
    const expected = derivedDecoderKey(meterId, '123456', DEMO_VK.vendingKey);
    const store = await keyStoreOf(t.app.deps);
    expect(await store.decoderKeyIs(meterId, expected)).toBe(true);
    expect(await store.decoderKeyIs(meterId, DECODER_KEY)).toBe(false);
  });

  it('changes a meter key: update, two tokens under the current key, confirm', async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47200000002' });
    const upd = await t.call(
      '/api/token/meterKey/update',
      [{ meterId, ...NEXT_KEY_FIELDS, decoderKeyNew: NEW_DECODER_KEY }],
      admin,
    );
    expect(upd.code, upd.reason).toBe(0);
    const change = await t.call<{ receiptId: number; tokenFirst: string; tokenSecond: string }>(
      '/api/token/changeMeterKeyToken/generate',
      { meterId, authorizationPassword: ADMIN_AUTH_PASSWORD },
      admin,
    );
    expect(change.code, change.reason).toBe(0);
    const first = decodeToken(digits(change.result.tokenFirst), DECODER_KEY);
    const second = decodeToken(digits(change.result.tokenSecond), DECODER_KEY);
    expect(`${first.NKHO}${second.NKLO}`.toUpperCase()).toBe(NEW_DECODER_KEY);

    const confirm = await t.call(
      '/api/token/changeMeterKeyToken/confirm',
      { receiptId: change.result.receiptId },
      admin,
    );
    expect(confirm.code, confirm.reason).toBe(0);
    const after = await t.call<{ token: string }>('/api/token/clearTamperToken/generate', { meterId }, admin);
    expect(decodeToken(digits(after.result.token), NEW_DECODER_KEY).crcOk).toBe(true);
    expect(await (await keyStoreOf(t.app.deps)).decoderKeyIs(meterId, NEW_DECODER_KEY)).toBe(true);
  });

  it('leaves only handles in the database', async () => {
    const rows = JSON.stringify(
      await t.database.db.execute(
        sql`select key_enc from meter_keys union all select key_enc from vending_keys union all select key_enc from pending_meter_keys`,
      ),
    );
    expect(rows).toMatch(/hsm:/);
    expect(rows).not.toMatch(/v1:/);
    for (const key of HEX_KEYS) expect(rows.toUpperCase()).not.toContain(key.toUpperCase());
  });
});

import { decodeToken } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meters } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { unchangedBy } from './fingerprint.js';
import { ADMIN_AUTH_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { DECODER_KEY, NEW_DECODER_KEY, NEXT_KEY_FIELDS, vendableMeter } from './vending-fixture.js';

interface Rec {
  receiptId: number;
  token: string;
  tid: number | null;
  maximumPower: number | null;
  maximumPhasePowerUnbalance: number | null;
  maximumOverdraft: number | null;
  tokens: string[];
  tokenFirst: string;
  tokenSecond: string;
  confirmed: boolean;
}

const OVERDRAFT_PROFILE = {
  name: 'Model X overdraft',
  subclass: 12,
  valueEncoding: 'raw',
  unit: 'currencyMinorUnit',
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    overdraftProfiles: { 'MODEL-X': OVERDRAFT_PROFILE as never },
  });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const digits = (token: string) => token.replace(/ /g, '');

describe('management tokens decode to what their records say', () => {
  it('clear credit, clear tamper, maximum power and phase unbalance: class 2 with increasing TIDs', async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47100000001' });
    const cases = [
      ['/api/token/clearCreditToken/generate', {}, { subclass: 1, register: 0xffff }],
      ['/api/token/clearTamperToken/generate', {}, { subclass: 5 }],
      ['/api/token/setMaximumPowerLimitToken/generate', { maximumPower: 5000 }, { subclass: 0, watts: 5000 }],
      [
        '/api/token/setMaximumPhasePowerUnbalanceLimitToken/generate',
        { maximumPhasePowerUnbalance: 1200 },
        { subclass: 6, watts: 1200 },
      ],
    ] as const;
    let lastTid = -1;
    for (const [path, extra, expected] of cases) {
      const res = await t.call<Rec>(path, { meterId, ...extra }, admin);
      expect(res.code, `${path}: ${res.reason}`).toBe(0);
      const d = decodeToken(digits(res.result.token), DECODER_KEY);
      expect(d, path).toMatchObject({ tokenClass: 2, crcOk: true, tid: res.result.tid, ...expected });
      expect(res.result.tid!).toBeGreaterThan(lastTid);
      lastTid = res.result.tid!;
    }
    const mpl = await t.call<{ data: Rec[] }>(
      '/api/token/setMaximumPowerLimitTokenRecord/read',
      { meterId },
      admin,
    );
    expect(mpl.result.data[0]!.maximumPower).toBe(5000);
    const tamper = await t.call<{ total: number }>(
      '/api/token/clearTamperTokenRecord/read',
      { meterId },
      admin,
    );
    expect(tamper.result.total).toBe(1);
    const rows = await t.auditRows();
    expect(rows.map((r) => r.title)).toEqual(
      expect.arrayContaining(['Clear Credit Token', 'Set Maximum Power Limit Token']),
    );
    expect(JSON.stringify(rows)).not.toContain(DECODER_KEY);
  });

  it("maximum overdraft uses the meter model's vendor profile, and is refused without one", async () => {
    const plain = await vendableMeter(t, { meterId: '47100000002' });
    const refused = await unchangedBy(t.database, () =>
      t.call(
        '/api/token/setMaximumOverdraftLimitToken/generate',
        { meterId: plain.meterId, maximumOverdraft: 100 },
        admin,
      ),
    );
    expect(refused.code).not.toBe(0);
    expect(refused.reason).toMatch(/not an STS token.*vendor profile/);

    const x = await vendableMeter(t, { meterId: '47100000003', protocolVersion: 'MODEL-X' });
    const res = await t.call<Rec>(
      '/api/token/setMaximumOverdraftLimitToken/generate',
      { meterId: x.meterId, maximumOverdraft: 2500 },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    const d = decodeToken(digits(res.result.token), DECODER_KEY, {
      vendorProfiles: [OVERDRAFT_PROFILE as never],
    });
    expect(d).toMatchObject({ tokenClass: 2, subclass: 12, crcOk: true, tid: res.result.tid, value: 2500 });
    expect(res.result.maximumOverdraft).toBe(2500);
  });

  it('meter test tokens are class 1, need no key, and the list covers the standard tests', async () => {
    const list = await t.call<{ total: number; data: { value: string; token11: string; token13: string }[] }>(
      '/api/token/meterTestToken/read',
      {},
      admin,
    );
    expect(list.result.total).toBeGreaterThan(10);
    for (const row of list.result.data) {
      const d11 = decodeToken(digits(row.token11));
      expect(d11).toMatchObject({ tokenClass: 1, subclass: 0, crcOk: true });
      expect(decodeToken(digits(row.token13))).toMatchObject({ tokenClass: 1, subclass: 1, crcOk: true });
    }
    const custom = await t.call<{ token: string }>(
      '/api/token/meterTestToken/generate',
      { subclass: 0, controlHex: '4', mfrCode: 7 },
      admin,
    );
    expect(decodeToken(digits(custom.result.token))).toMatchObject({
      tokenClass: 1,
      mfrCode: 7,
      crcOk: true,
    });
    expect(
      (await t.call('/api/token/meterTestToken/generate', { subclass: 0, controlHex: 'XYZ' }, admin)).status,
    ).toBe(400);
  });
});

/** Every management token but key change, with the value its request carries. */
const MANAGEMENT_TOKENS = [
  ['/api/token/clearCreditToken/generate', {}],
  ['/api/token/clearTamperToken/generate', {}],
  ['/api/token/setMaximumPowerLimitToken/generate', { maximumPower: 5000 }],
  ['/api/token/setMaximumPhasePowerUnbalanceLimitToken/generate', { maximumPhasePowerUnbalance: 1200 }],
  ['/api/token/setMaximumOverdraftLimitToken/generate', { maximumOverdraft: 100 }],
] as const;

describe('the authorization password of management tokens', () => {
  it("off by default (the original's contract): issued without one, and a wrong one sent is refused", async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47100000010', protocolVersion: 'MODEL-X' });
    for (const [path, extra] of MANAGEMENT_TOKENS) {
      const res = await t.call<Rec>(path, { meterId, ...extra }, admin);
      expect(res.code, `${path}: ${res.reason}`).toBe(0);
    }
    // One wrong password only: a few more lock the user's token actions for a while (tested elsewhere).
    const wrong = await unchangedBy(t.database, () =>
      t.call(
        '/api/token/clearCreditToken/generate',
        { meterId, authorizationPassword: 'not-the-password' },
        admin,
      ),
    );
    expect(wrong.code).not.toBe(0);
    expect(wrong.reason).toBe('The authorization password is incorrect');
  });

  it('MANAGEMENT_TOKEN_REQUIRES_AUTHORIZATION: none refused (400 naming it), a wrong one refused, nothing written', async () => {
    const strict = await createTestApp({
      managementTokenRequiresAuthorization: true,
      overdraftProfiles: { 'MODEL-X': OVERDRAFT_PROFILE as never },
    });
    try {
      const token = await strict.adminToken();
      const { meterId } = await vendableMeter(strict, { meterId: '47100000011', protocolVersion: 'MODEL-X' });
      for (const [path, extra] of MANAGEMENT_TOKENS) {
        const missing = await unchangedBy(strict.database, () =>
          strict.call(path, { meterId, ...extra }, token),
        );
        expect(missing.status, path).toBe(400);
        expect(missing.reason, path).toBe('The authorization password is required');
        expect(JSON.stringify(missing.result), path).toContain('authorizationPassword');
        if (path.includes('clear')) {
          // Two kinds only: a few more wrong passwords lock the user's token actions for a while.
          const wrong = await unchangedBy(strict.database, () =>
            strict.call(path, { meterId, ...extra, authorizationPassword: 'not-the-password' }, token),
          );
          expect(wrong.code, path).not.toBe(0);
          expect(wrong.reason, path).toBe('The authorization password is incorrect');
        }
        const ok = await strict.call<Rec>(
          path,
          { meterId, ...extra, authorizationPassword: ADMIN_AUTH_PASSWORD },
          token,
        );
        expect(ok.code, `${path}: ${ok.reason}`).toBe(0);
        expect(ok.result.token).toMatch(/^\d{4}( \d{4}){4}$/);
      }
    } finally {
      await strict.close();
    }
  });
});

describe('meter key: update, change, confirm', () => {
  /** Asks for the meter's key change tokens with `authorizationPassword` (the admin's unless given). */
  const keyChange = (meterId: string, authorizationPassword = ADMIN_AUTH_PASSWORD) =>
    t.call<Rec>('/api/token/changeMeterKeyToken/generate', { meterId, authorizationPassword }, admin);

  it('update sets the new fields; change issues two tokens under the current key; confirm makes the new key current', async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47100000004' });
    const noNew = await keyChange(meterId);
    expect(noNew.reason).toMatch(/Update Meter Key/);

    const upd = await t.call(
      '/api/token/meterKey/update',
      [{ meterId, ...NEXT_KEY_FIELDS, decoderKeyNew: NEW_DECODER_KEY }],
      admin,
    );
    expect(upd.code, upd.reason).toBe(0);
    expect(JSON.stringify(upd)).not.toContain(NEW_DECODER_KEY);

    const wrongPw = await keyChange(meterId, 'bad');
    expect(wrongPw.reason).toBe('The authorization password is incorrect');
    const change = await keyChange(meterId);
    expect(change.code, change.reason).toBe(0);
    expect(change.result.tokens).toHaveLength(2);
    const first = decodeToken(digits(change.result.tokenFirst), DECODER_KEY);
    const second = decodeToken(digits(change.result.tokenSecond), DECODER_KEY);
    expect(first).toMatchObject({ tokenClass: 2, subclass: 3, crcOk: true, KRN: 2, KT: 2 });
    expect(second).toMatchObject({ tokenClass: 2, subclass: 4, crcOk: true, TI: 3 });
    expect(`${first.NKHO}${second.NKLO}`.toUpperCase()).toBe(NEW_DECODER_KEY);

    // Until confirmed, tokens still use the old key.
    const before = await t.call<Rec>('/api/token/clearTamperToken/generate', { meterId }, admin);
    expect(decodeToken(digits(before.result.token), DECODER_KEY).crcOk).toBe(true);

    const confirm = await t.call<Rec>(
      '/api/token/changeMeterKeyToken/confirm',
      { receiptId: change.result.receiptId },
      admin,
    );
    expect(confirm.result.confirmed).toBe(true);
    const [m] = await t.database.db.select().from(meters).where(eq(meters.meterId, meterId));
    expect(m).toMatchObject({ sgc: '654321', krn: 2, ti: 3, sgcNew: null, krnNew: null });
    const key = await (await keyStoreOf(t.app.deps)).getDecoderKey(meterId);
    expect(key?.decoderKey).toBe(NEW_DECODER_KEY);
    const after = await t.call<Rec>('/api/token/clearTamperToken/generate', { meterId }, admin);
    expect(decodeToken(digits(after.result.token), NEW_DECODER_KEY).crcOk).toBe(true);
    expect(after.result.tid!).toBeGreaterThan(before.result.tid!);

    expect(
      (await t.call('/api/token/changeMeterKeyToken/confirm', { receiptId: change.result.receiptId }, admin))
        .reason,
    ).toMatch(/already confirmed/);
    const records = await t.call<{ data: Rec[] }>(
      '/api/token/changeMeterKeyTokenRecord/read',
      { meterId },
      admin,
    );
    expect(records.result.data[0]).toMatchObject({ confirmed: true, tokenFirst: change.result.tokenFirst });
    expect(JSON.stringify(await t.auditRows())).not.toContain(NEW_DECODER_KEY);
  });

  it('an EA11 meter gets four key change tokens', async () => {
    const { meterId } = await vendableMeter(t, { meterId: '47100000005', ea: '11' });
    await t.call(
      '/api/token/meterKey/update',
      [
        {
          meterId,
          sgcNew: '123457',
          krnNew: 2,
          kenNew: 255,
          tiNew: 1,
          ktNew: 2,
          baseYearNew: 2014,
          decoderKeyNew: `${NEW_DECODER_KEY}${NEW_DECODER_KEY}`,
        },
      ],
      admin,
    );
    const change = await keyChange(meterId);
    expect(change.code, change.reason).toBe(0);
    expect(change.result.tokens).toHaveLength(4);
    for (const tk of change.result.tokens) {
      expect(decodeToken(digits(tk), `${DECODER_KEY}${DECODER_KEY}`)).toMatchObject({
        tokenClass: 2,
        crcOk: true,
      });
    }
  });
});

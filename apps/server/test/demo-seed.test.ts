import { dkga02, meterPanFromIain, verifyToken } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { tokenRecords, users } from '../src/db/schema.js';
import { verifyPassword } from '../src/lib/passwords.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { demoPasswords, seedDemo } from '../src/seed/demo.js';
import { DEMO_HISTORY } from '../src/seed/demo-history.js';
import { DEMO_VENDING_KEY } from '../src/seed/demo-masterdata.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, withDemoData } from './harness.js';
import type { Page } from './masterdata-fixtures.js';
import { testConfig } from './test-config.js';
import { creditVend } from './vending-fixture.js';

const it = apiTest(withDemoData);

describe('demo data', () => {
  it('fills every management page, with derived decoder keys, and runs once', async ({ t, admin }) => {
    const total = async (module: string, body: object = {}) =>
      (await t.call<Page<unknown>>(`/api/${module}/read`, body, admin)).result.total;
    expect(await total('gateway')).toBe(20);
    expect(await total('meter')).toBe(2000);
    expect(await total('meter', { type: 1 })).toBeGreaterThan(100);
    expect(await total('meter', { type: 2 })).toBeGreaterThan(50);
    expect(await total('meter', { status: false })).toBe(200);
    expect(await total('customer')).toBe(1800);
    expect(await total('account')).toBe(1800);
    expect(await total('tariff')).toBe(5);
    expect(await total('debt')).toBeGreaterThan(20);
    expect(await total('item')).toBeGreaterThan(10);
    const currency = await t.call<{ id: string; name: string }[]>(
      '/api/item/readItemList',
      { itemType: 'BasicInformation', lang: 'en' },
      admin,
    );
    expect(currency.result).toContainEqual({ id: 'Currency', name: 'NGN' });

    // A year of daily data for the demo water meters too (Interval Data (Water), Monthly Data (Water)).
    const waterTotal = async (path: string) =>
      (await t.call<Page<unknown>>(`/api/DailyData/${path}`, { lang: 'en', pageSize: 1 }, admin)).result
        .total;
    expect(await waterTotal('read')).toBe(DEMO_HISTORY.waterMeters * DEMO_HISTORY.days);
    expect(await waterTotal('readMonthly')).toBeGreaterThanOrEqual(DEMO_HISTORY.waterMeters * 12);

    const meter = (
      await t.call<Page<{ meterId: string; hasDecoderKey: boolean }>>(
        '/api/meter/read',
        { pageSize: 1 },
        admin,
      )
    ).result.data[0]!;
    expect(meter.hasDecoderKey).toBe(true);
    const store = await keyStoreOf(t.app.deps);
    expect((await store.decoderKeyFor(meter.meterId)).decoderKey).toBe(
      dkga02({
        meterPAN: meterPanFromIain(meter.meterId),
        sgc: '123456',
        krn: 1,
        kt: 2,
        ti: 1,
        vendingKey: DEMO_VENDING_KEY.key,
      }),
    );

    await unchangedBy(t.database, () =>
      seedDemo(t.database.db, testConfig({ demoPassword: 'Demo#Pass-2026' })),
    );
  });
});

describe('demo history', () => {
  it('reads like real records: the customer, the address, the tariff and a token the meter accepts', async ({
    t,
  }) => {
    const history = await t.database.db.select().from(tokenRecords).where(eq(tokenRecords.kind, 'credit'));
    expect(history.length).toBeGreaterThan(100);
    const lastTid = new Map<string, number>();
    for (const r of [...history].sort((a, b) => a.receiptId - b.receiptId)) {
      expect(r.customerName, `receipt ${r.receiptId}`).toMatch(/^\p{L}+ \p{L}+$/u);
      expect(r.customerAddress).toBeTruthy();
      expect(r.tariffName).toBeTruthy();
      expect(r.remark).toBeNull();
      expect(r.createId).toMatch(/_VENDOR 1$/);
      expect(r.token).toMatch(/^\d{20}$/);
      // Encrypted under the meter's decoder key: a CRC that checks, its TID and its units.
      const decoderKey = dkga02({
        meterPAN: meterPanFromIain(r.meterId),
        sgc: DEMO_VENDING_KEY.sgc,
        krn: 1,
        kt: 2,
        ti: 1,
        vendingKey: DEMO_VENDING_KEY.key,
      });
      const decoded = verifyToken(r.token, decoderKey);
      expect([decoded.tokenClass, decoded.subclass, decoded.tid]).toEqual([0, 0, r.tid]);
      expect(decoded.amountUnits).toBe(r.units);
      // TIDs rise per meter, as a meter that refuses an old TID needs.
      expect(r.tid ?? 0).toBeGreaterThan(lastTid.get(r.meterId) ?? 0);
      lastTid.set(r.meterId, r.tid ?? 0);
    }
    expect(new Set(history.map((r) => r.paymentMethod)).size).toBeGreaterThan(1);
  });
});

describe('demo data is vendable', () => {
  it('a demo account takes a credit token today (its key is on a base date with TIDs left)', async ({
    t,
    admin,
  }) => {
    const account = (await t.call<Page<{ meterId: string }>>('/api/account/read', { pageSize: 1 }, admin))
      .result.data[0]!;
    const res = await creditVend(t, { meterId: account.meterId, amount: '50000' }, admin);
    expect(res.code, res.reason).toBe(0);
    expect(res.result.token).toMatch(/^\d{4}( \d{4}){4}$/);
  });
});

describe('demo users', () => {
  it('have a login password and a different authorization password', async ({ t }) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.userId, 'editor'));
    expect(user).toBeDefined();
    expect(await verifyPassword(user?.passwordHash ?? '', 'Demo#Pass-2026')).toBe(true);
    expect(await verifyPassword(user?.authorizationPasswordHash ?? '', 'Demo#Pass-2026')).toBe(false);
    expect(user?.authorizationPasswordHash).not.toBe(user?.passwordHash);
  });

  it('take DEMO_AUTHORIZATION_PASSWORD, refuse one equal to DEMO_PASSWORD, never generate equal ones', () => {
    expect(
      demoPasswords(testConfig({ demoPassword: 'A#1-pass', demoAuthorizationPassword: 'B#2-pass' })),
    ).toEqual({
      password: 'A#1-pass',
      authorization: 'B#2-pass',
    });
    expect(() =>
      demoPasswords(testConfig({ demoPassword: 'Same#pass-1', demoAuthorizationPassword: 'Same#pass-1' })),
    ).toThrow(/must differ/);
    const generated = demoPasswords(
      testConfig({ demoPassword: undefined, demoAuthorizationPassword: undefined }),
    );
    expect(generated.password).not.toBe(generated.authorization);
  });
});

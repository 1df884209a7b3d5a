import { kenForExpiry } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { auditLogs } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import { unchangedBy } from './fingerprint.js';
import { type ApiSuite, apiTest } from './harness.js';
import { createStations, northUser } from './masterdata-fixtures.js';

type KeyRow = { sgc: string; krn: number; baseYear: number; expiresOn: string | null; ken: number };
const CREATE = '/api/keystore/vendingKey/create';
const SET_EXPIRY = '/api/keystore/vendingKey/setExpiry';
const READ = '/api/keystore/vendingKey/read';
const KEY = '0123456789ABCDEF';

const it = apiTest();

const keyOf = async ({ t, admin }: ApiSuite, sgc: string, krn: number) =>
  (await t.call<KeyRow[]>(READ, {}, admin)).result.find((k) => k.sgc === sgc && k.krn === krn);

/** A new STS meter on SGC 600700 at the given revision: whether it was given a decoder key, and why not. */
async function meterUnder({ t, admin }: ApiSuite, meterId: string, krn: number) {
  const res = await t.call<{ hasDecoderKey: boolean }[]>(
    '/api/meter/create',
    [{ meterId, type: 0, protocolVersion: '2.2', sgc: '600700', krn, ti: 1, kt: 2, stationId: '0001' }],
    admin,
  );
  return res;
}

describe("a vending key's expiry", () => {
  it('is stored with the key and answers the KEN its key changes carry', async ({ t, admin }) => {
    const res = await t.call<KeyRow[]>(
      CREATE,
      [
        { sgc: '600700', krn: 1, vendingKey: KEY, baseYear: 2014, expiresOn: '2031-03-31' },
        { sgc: '600700', krn: 2, vendingKey: KEY, baseYear: 2014 },
      ],
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.map((k) => [k.krn, k.expiresOn, k.ken])).toEqual([
      [1, '2031-03-31', kenForExpiry('2031-03-31', 2014)],
      [2, null, 255],
    ]);
    const store = await keyStoreOf(t.app.deps);
    expect((await store.vendingKeyKens()).get('600700/1')).toBe(kenForExpiry('2031-03-31', 2014));
  });

  it('is set, moved and removed by a system administrator, each change audited with the day before', async ({
    t,
    admin,
  }) => {
    const moved = await t.call<KeyRow[]>(
      SET_EXPIRY,
      [{ sgc: '600700', krn: 2, expiresOn: '2040-12-31' }],
      admin,
    );
    expect(moved.code, moved.reason).toBe(0);
    expect(moved.result.map((k) => [k.expiresOn, k.ken])).toEqual([
      ['2040-12-31', kenForExpiry('2040-12-31', 2014)],
    ]);
    const removed = await t.call<KeyRow[]>(SET_EXPIRY, [{ sgc: '600700', krn: 2, expiresOn: null }], admin);
    expect(removed.result.map((k) => [k.expiresOn, k.ken])).toEqual([[null, 255]]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'SetExpiry'));
    expect(
      audit.map((a) => [a.contentBefore, a.contentAfter].map((x) => JSON.parse(String(x)).expiresOn)),
    ).toEqual([
      [null, '2040-12-31'],
      ['2040-12-31', null],
    ]);
  });

  it('refuses a day before the base date, an unknown key and a day that does not exist, changing nothing', async ({
    t,
    admin,
  }) => {
    const cases: [unknown, string][] = [
      [
        [
          { sgc: '600700', krn: 2, expiresOn: '2035-01-01' },
          { sgc: '600700', krn: 1, expiresOn: '2013-06-30' },
        ],
        'SGC 600700 KRN 1: the key expiry 2013-06-30 is before the base date 2014-01-01',
      ],
      [[{ sgc: '600700', krn: 9, expiresOn: '2035-01-01' }], 'Vending key not found: SGC 600700 KRN 9'],
      [[{ sgc: '600700', krn: 2, expiresOn: '2035-02-30' }], 'a day is yyyy-MM-dd'],
    ];
    for (const [body, reason] of cases) {
      const res = await unchangedBy(t.database, () => t.call(SET_EXPIRY, body, admin));
      expect(res.code, reason).not.toBe(0);
      expect(res.reason).toContain(reason);
    }
    const loaded = await unchangedBy(t.database, () =>
      t.call(
        CREATE,
        [{ sgc: '600701', krn: 1, vendingKey: KEY, baseYear: 2014, expiresOn: '2001-01-01' }],
        admin,
      ),
    );
    expect(loaded.reason).toBe(
      'SGC 600701 KRN 1: the key expiry 2001-01-01 is before the base date 2014-01-01',
    );
    const es = await t.app.inject({
      method: 'POST',
      url: SET_EXPIRY,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'es' },
      payload: [{ sgc: '600700', krn: 9, expiresOn: null }],
    });
    expect(es.json().reason).toBe('No se encontró la clave de venta: SGC 600700 KRN 9');
  });

  it('is for system administrators only', async ({ t, admin }) => {
    await createStations(t, admin);
    const clerk = await northUser(t, 'expiryclerk', 'Setting.VendingKey');
    const res = await unchangedBy(t.database, () =>
      t.call(SET_EXPIRY, [{ sgc: '600700', krn: 2, expiresOn: '2035-01-01' }], clerk),
    );
    expect(res.reason).toBe('Only a system administrator manages vending keys');
  });

  it('once past, gives no meter a decoder key under the key; a later revision still does', async ({
    t,
    admin,
  }) => {
    const past = await t.call(SET_EXPIRY, [{ sgc: '600700', krn: 1, expiresOn: '2020-01-31' }], admin);
    expect(past.code, past.reason).toBe(0);
    expect((await keyOf({ t, admin }, '600700', 1))?.expiresOn).toBe('2020-01-31');
    const refused = await unchangedBy(t.database, () => meterUnder({ t, admin }, '47300000024', 1));
    expect(refused.code).not.toBe(0);
    expect(refused.reason).toContain(
      'the vending key of SGC 600700 KRN 1 expired on 2020-01-31: no meter is given a key under it; use a later key revision',
    );
    const later = await meterUnder({ t, admin }, '47300000024', 2);
    expect(later.code, later.reason).toBe(0);
    expect(later.result[0]?.hasDecoderKey).toBe(true);
  });
});

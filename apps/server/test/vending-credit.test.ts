import { type CreditTokenRecord, VendPayment } from '@prepay/contracts';
import { decodeToken } from '@prepay/sts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, suiteHelper, type TestApp, USER_AUTH_PASSWORD, userWithRole } from './harness.js';
import { cancelVend, creditVend, DECODER_KEY, debtRow, quotaOf, vendableMeter } from './vending-fixture.js';
import { firstSheet } from './workbook.js';

/** A credit token record as the API returns it. */
type Rec = CreditTokenRecord;

/** A real vend by total paid, as the admin unless another token is given. */
const vendWith =
  (t: TestApp, admin: string) =>
  (body: Record<string, unknown>, token = admin) =>
    creditVend(t, body, token);

const it = apiTest().extend('vend', suiteHelper(vendWith));

describe('credit vending', () => {
  it('vends a token that decodes to the record: class 0, TID, amount; audited without the key', async ({
    t,
    vend,
  }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000001' });
    const res = await vend({ meterId, amount: '1000' });
    expect(res.code, res.reason).toBe(0);
    const r = res.result;
    expect(r.token).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
    const d = decodeToken(r.token.replace(/ /g, ''), DECODER_KEY);
    expect(d).toMatchObject({
      tokenClass: 0,
      subclass: 0,
      crcOk: true,
      tid: r.tid,
      amountUnits: Math.round(r.totalUnit * 10),
    });
    // First vend of the period: 500 monthly charge, then 500 buys 46.5 kWh at 10/kWh with 7.5 % VAT.
    expect(r).toMatchObject({
      monthlyCharge: 500,
      totalUnit: 46.5,
      energyCharge: 465,
      tax: 34.87,
      totalPaid: 1000,
    });
    expect(r.energyCharge + r.tax + r.monthlyCharge + r.payDebt + r.remainder).toBeCloseTo(1000, 2);
    const audit = (await t.auditRows()).at(-1)!;
    expect(audit).toMatchObject({ title: 'Credit Token', action: 'Generate' });
    expect(JSON.stringify(await t.auditRows())).not.toContain(DECODER_KEY);
    expect(JSON.stringify(res)).not.toContain(DECODER_KEY);
  });

  it('the preview equals the real vend and stores nothing', async ({ t, vend }) => {
    const { meterId, customerId } = await vendableMeter(t, { meterId: '47000000002', debtMinor: 300_00 });
    const body = { meterId, amount: '2345.67', payDebtPercent: 10 };
    const preview = await unchangedBy(t.database, () =>
      vend({ ...body, isPreview: true, authorizationPassword: undefined }),
    );
    expect(preview.code, preview.reason).toBe(0);
    expect(preview.result.isPreview).toBe(true);
    expect(preview.result.token).toBe('');
    const real = await vend(body);
    // What the vend works out: the units, the payment's split (contracts' VendPayment) and the debt.
    const AMOUNTS = ['totalUnit', ...Object.keys(VendPayment), 'payDebt', 'remainingDebt', 'remainder'];
    const pick = (r: Rec) => Object.fromEntries(AMOUNTS.map((k) => [k, r[k as keyof Rec]]));
    expect(pick(real.result)).toEqual(pick(preview.result));
    expect(real.result.payDebt).toBe(234.56);
    const debt = await debtRow(t, customerId);
    expect(debt).toMatchObject({ remainingDebtMinor: 300_00 - 234_56, payDebtMinor: 234_56 });
  });

  it("charges the monthly charge once per billing period and walks the steps with the period's usage", async ({
    t,
    vend,
  }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000003' });
    const first = (await vend({ meterId, amount: '1037.50' })).result;
    expect(first.monthlyCharge).toBe(500);
    expect(first.totalUnit).toBe(50); // exactly the first step: 500 + 537.50 VAT incl.
    const second = (await vend({ meterId, amount: '215' })).result;
    expect(second.monthlyCharge).toBe(0);
    expect(second.totalUnit).toBe(10); // second step: 20/kWh + VAT
  });

  it("by total unit: the inverse price, in the customer's favour", async ({ t, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000004' });
    const res = await vend({ meterId, amount: '12.3', isVendByTotalPaid: false });
    expect(res.code, res.reason).toBe(0);
    expect(res.result).toMatchObject({
      totalUnit: 12.3,
      energyCharge: 123,
      tax: 9.22,
      monthlyCharge: 500,
      totalPaid: 632.22,
    });
    const d = decodeToken(res.result.token.replace(/ /g, ''), DECODER_KEY);
    expect(d.amountUnits).toBe(123);
  });

  it('the same idempotency key returns the same record and vends once', async ({ t, admin, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000005' });
    const body = { meterId, amount: '1000', idempotencyKey: 'till-7-000123' };
    const [a, b] = await Promise.all([vend(body), vend(body)]);
    const c = await vend(body);
    expect(a.result.receiptId).toBe(b.result.receiptId);
    expect(c.result.token).toBe(a.result.token);
    const list = await t.call<{ total: number }>('/api/token/creditTokenRecord/read', { meterId }, admin);
    expect(list.result.total).toBe(1);
  });

  it('refuses with a clear reason and stores nothing', async ({ t, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000006' });
    await unchangedBy(t.database, async () => {
      expect((await vend({ meterId, amount: '100', authorizationPassword: 'wrong' })).reason).toBe(
        'The authorization password is incorrect',
      );
      expect((await vend({ meterId, amount: '100', authorizationPassword: undefined })).status).toBe(400);
      expect((await vend({ meterId: '99999999999', amount: '100' })).reason).toMatch(/not found/);
      expect((await vend({ meterId, amount: '500.10' })).reason).toMatch(/too small/);
      expect((await vend({ meterId, amount: '10.123' })).status).toBe(400);
      expect((await vend({ meterId, amount: '1.25', isVendByTotalPaid: false })).status).toBe(400);
      expect((await vend({ meterId, amount: '-5' })).status).toBe(400);
    });
  });

  it('refuses a meter without an account or without a decoder key', async ({ t, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000007' });
    await t.database.db.execute(`delete from accounts where meter_id = '${meterId}'`);
    expect((await vend({ meterId, amount: '1000' })).reason).toMatch(/no account/);
    const other = await vendableMeter(t, { meterId: '47000000008' });
    await t.database.db.execute(`delete from meter_keys where meter_id = '${other.meterId}'`);
    expect((await vend({ meterId: other.meterId, amount: '1000' })).reason).toMatch(/no decoder key/);
  });

  it("enforces and deducts the vendor's quota", async ({ t, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000009' });
    const cashier = await userWithRole(t, {
      userId: 'cashier1',
      content: 'Token.CreditToken,TokenRecord.CreditTokenRecord',
    });
    await t.database.db.execute(
      `update users set total_quota_units = 600, remaining_quota_units = 600 where user_id = 'cashier1'`,
    );
    const withPw = (b: Record<string, unknown>) =>
      vend({ ...b, authorizationPassword: USER_AUTH_PASSWORD }, cashier);
    const ok = await withPw({ meterId, amount: '50', isVendByTotalPaid: false });
    expect(ok.code, ok.reason).toBe(0);
    expect(await quotaOf(t, 'cashier1')).toBe(100);
    const over = await withPw({ meterId, amount: '10.1', isVendByTotalPaid: false });
    expect(over.reason).toMatch(/Quota exceeded/);
    expect(await quotaOf(t, 'cashier1')).toBe(100);
  });

  it("a station vendor cannot sell to another station's meter", async ({ t, vend }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000010' });
    await t.database.db.execute(
      `insert into stations (station_id, name) values ('EAST', 'East') on conflict do nothing`,
    );
    const east = await userWithRole(t, {
      userId: 'eastvendor',
      content: 'Token.CreditToken',
      stationId: 'EAST',
    });
    const res = await vend({ meterId, amount: '1000', authorizationPassword: USER_AUTH_PASSWORD }, east);
    expect(res.status).toBe(403);
  });
});

describe('cancel', () => {
  it('cancels once with the authorization password, reversing debt and quota, and lists the cancel record', async ({
    t,
    admin,
    vend,
  }) => {
    const { meterId, customerId } = await vendableMeter(t, { meterId: '47000000011', debtMinor: 1000_00 });
    const sold = (await vend({ meterId, amount: '2000', payDebtPercent: 50 })).result;
    expect((await debtRow(t, customerId))?.remainingDebtMinor).toBe(0);
    const wrong = await cancelVend(
      t,
      admin,
      { receiptId: sold.receiptId, remark: 'customer changed mind' },
      'nope',
    );
    expect(wrong.reason).toBe('The authorization password is incorrect');
    const ok = await cancelVend(t, admin, { receiptId: sold.receiptId, remark: 'customer changed mind' });
    expect(ok.code, ok.reason).toBe(0);
    expect(ok.result[0]!.status).toBe(1);
    expect(await debtRow(t, customerId)).toMatchObject({ remainingDebtMinor: 1000_00, payDebtMinor: 0 });
    const again = await cancelVend(t, admin, { receiptId: sold.receiptId, remark: 'again' });
    expect(again.reason).toMatch(/already cancelled/);
    const cancels = await t.call<{ total: number; data: Rec[] }>(
      '/api/token/creditTokenCancelRecord/read',
      { meterId },
      admin,
    );
    expect(cancels.result.total).toBe(1);
    expect(cancels.result.data[0]!.token).toBe(sold.token);
    const audit = (await t.auditRows()).filter((r) => r.action === 'Cancel');
    expect(JSON.parse(audit.at(-1)!.contentBefore!).status).toBe(0);
    expect(JSON.parse(audit.at(-1)!.contentAfter!).status).toBe(1);
  });
});

describe("record export and the vendor's view", () => {
  it('exports the filtered credit records as .xlsx with the tokens and never a key', async ({
    t,
    admin,
    vend,
  }) => {
    const { meterId } = await vendableMeter(t, { meterId: '47000000012' });
    const a = (await vend({ meterId, amount: '1000' })).result;
    const b = (await vend({ meterId, amount: '300' })).result;
    const res = await t.post('/api/token/creditTokenRecord/export', { meterId }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const sheet = await firstSheet(res.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const tokenCol = header.indexOf('Token') + 1;
    const tokens = [sheet.getRow(2).getCell(tokenCol).value, sheet.getRow(3).getCell(tokenCol).value];
    expect(sheet.rowCount).toBe(3);
    expect(tokens.sort()).toEqual([a.token, b.token].sort());
    expect(res.rawPayload.includes(Buffer.from(DECODER_KEY))).toBe(false);
    const bad = await t.call(
      '/api/token/creditTokenRecord/export',
      { createDateRange: ['nope', null] },
      admin,
    );
    expect(bad.status).toBe(400);
  });

  it('a cashier with only the vending keys can list the accounts to sell to, but not export records without the key', async ({
    t,
  }) => {
    const cashier = await userWithRole(t, { userId: 'cashier2', content: 'Token.CreditToken' });
    const accounts = await t.call<{ total: number }>('/api/account/read', {}, cashier);
    expect(accounts.code, accounts.reason).toBe(0);
    expect(accounts.result.total).toBeGreaterThan(0);
    expect((await t.post('/api/token/creditTokenRecord/export', {}, cashier)).statusCode).toBe(403);
    expect((await t.call('/api/account/create', [], cashier)).status).toBe(403);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  alarms,
  channelMessages,
  customers,
  mobilePayments,
  smsMessages,
  tokenRecords,
  vendorFloatMovements,
} from '../src/db/schema.js';
import { saveDailyRows } from '../src/modules/meter-data/index.js';
import { ADMIN_AUTH_PASSWORD, createTestApp, type TestApp, userWithRole } from './harness.js';
import { type LocalSmsc, startSmsc } from './local-smsc.js';
import { testConfig } from './test-config.js';
import { meterWithoutAccount, vendableMeter } from './vending-fixture.js';

/**
 * Mobile money end to end: Daraja-shaped C2B callbacks from a paybill, each confirmed payment sold through
 * the vendor's float and its token sent by SMS over SMPP to a local SMSC (a real TCP server made with the
 * same library), delivery receipts recorded; an SMSC outage retried; unsellable payments queued for an
 * operator and resolved; a repeated receipt number sold once.
 */

const SMSC = { systemId: 'prepay', password: 'smsc-pass' };
const METER = '47005550001';
const BLOCKED = '47005550002';
const SHORT_CODE = '600999';
const PAYER = '254708374149';

let t: TestApp;
let admin: string;
let smsc: LocalSmsc;
let secret = '';
let seq = 0;

const payment = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    TransactionType: 'Pay Bill',
    TransID: `RKT${String(seq).padStart(7, '0')}`,
    TransTime: '20261122080000',
    TransAmount: '1000',
    BusinessShortCode: SHORT_CODE,
    BillRefNumber: METER,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: PAYER,
    FirstName: 'Jane',
    MiddleName: '',
    LastName: 'Doe',
    ...over,
  };
};

const callback = (kind: 'validation' | 'confirmation', body: unknown, key = secret) =>
  t.app.inject({
    method: 'POST',
    url: `/mobilemoney/c2b/${kind}?secret=${encodeURIComponent(key)}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function paymentOf(transId: string) {
  const [p] = await t.database.db.select().from(mobilePayments).where(eq(mobilePayments.transId, transId));
  return p;
}

async function smsOf(tokenRecordId: number) {
  const [m] = await t.database.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.tokenRecordId, tokenRecordId));
  return m;
}

/** Waits for the outbox to reach a state (the sender works on its own timer and the SMSC's answers). */
const smsReaches = (tokenRecordId: number, state: string) =>
  vi.waitFor(
    async () => {
      const m = await smsOf(tokenRecordId);
      expect(m?.state).toBe(state);
      if (!m) throw new Error('no SMS');
      return m;
    },
    { timeout: 15_000, interval: 50 },
  );

const floatSales = async () =>
  t.database.db.select().from(vendorFloatMovements).where(eq(vendorFloatMovements.vendorId, 'MPESA01'));

async function freePort() {
  const probe = await startSmsc(SMSC);
  await probe.close();
  return probe.port;
}

beforeAll(async () => {
  const port = await freePort();
  smsc = await startSmsc({ ...SMSC, port });
  const base = testConfig();
  t = await createTestApp({
    sms: { ...base.sms, url: `smpp://127.0.0.1:${port}`, ...SMSC, pollMs: 100 },
  });
  admin = await t.adminToken();
  await vendableMeter(t, { meterId: METER });
  await meterWithoutAccount(t, BLOCKED);
  const vendor = {
    vendorId: 'MPESA01',
    vendorName: 'M-Pesa paybill',
    vendorKind: 'mobileMoney',
    stationIds: ['0001'],
    clientId: '6004708000111',
    terminalId: 'PAYBILL',
    creditLimit: '0',
    commissionRate: '1',
    shortCode: SHORT_CODE,
  };
  const created = await t.call('/api/vendor/create', [vendor], admin);
  expect(created.code, created.reason).toBe(0);
  const auth = { vendorId: 'MPESA01', authorizationPassword: ADMIN_AUTH_PASSWORD };
  secret = (await t.call<{ secret: string }>('/api/vendor/credential', auth, admin)).result.secret;
  const float = { ...auth, kind: 'topUp', amount: '10000', remark: 'Deposit' };
  expect((await t.call('/api/vendor/float', float, admin)).code).toBe(0);
});

afterAll(async () => {
  await t?.close();
  await smsc?.close();
});

describe('C2B validation', () => {
  it('accepts a sellable payment and refuses with the C2B codes, writing nothing', async () => {
    const ok = await callback('validation', payment());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    const codes = async (over: Record<string, unknown>) =>
      (await callback('validation', payment(over))).json();
    expect(await codes({ BillRefNumber: '47000000000' })).toMatchObject({ ResultCode: 'C2B00012' });
    expect(await codes({ TransAmount: '12.50' })).toMatchObject({ ResultCode: 'C2B00013' });
    expect(await codes({ TransAmount: '999999' })).toMatchObject({ ResultCode: 'C2B00013' });
    expect(await codes({ MSISDN: 'not-a-phone' })).toMatchObject({ ResultCode: 'C2B00011' });
    expect(await codes({ TransAmount: '20000' })).toMatchObject({ ResultCode: 'C2B00016' });
    const wrongKey = await callback('validation', payment(), 'not-the-secret');
    expect(wrongKey.statusCode).toBe(401);
    const malformed = await callback('validation', { TransID: '!' });
    expect(malformed.statusCode).toBe(400);
    expect(await t.database.db.select().from(mobilePayments)).toHaveLength(0);
  });
});

describe('C2B confirmation to a token by SMS', () => {
  it('sells the payment from the float and delivers the token to the payer, receipt recorded', async () => {
    const p = payment();
    const res = await callback('confirmation', p);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    const row = await paymentOf(p.TransID);
    expect(row).toMatchObject({ state: 'vended', meterId: METER, amountMinor: 1000_00 });
    const [record] = await t.database.db
      .select()
      .from(tokenRecords)
      .where(eq(tokenRecords.id, row?.tokenRecordId ?? 0));
    expect(record?.totalPaidMinor).toBe(1000_00);
    const sms = await smsReaches(record?.id ?? 0, 'delivered');
    expect(sms).toMatchObject({ destination: PAYER, receiptState: 'DELIVRD', kind: 'token' });
    const got = smsc.submitted.find((s) => s.messageId === sms.smscMessageId);
    expect(got?.destination).toBe(PAYER);
    expect(got?.text.replaceAll(' ', '')).toContain(String(record?.token).replaceAll(' ', ''));
    // The token record (and so the receipt) says where the token went and that it arrived.
    const records = await t.call<{ data: Array<{ receiptId: number; smsTo?: string; smsState?: string }> }>(
      '/api/token/creditTokenRecord/read',
      { meterId: METER },
      admin,
    );
    expect(records.result.data.find((r) => r.receiptId === record?.receiptId)).toMatchObject({
      smsTo: PAYER,
      smsState: 'delivered',
    });
    const sales = await floatSales();
    expect(sales.filter((m) => m.movementKind === 'sale').map((m) => m.amountMinor)).toEqual([-1000_00]);
  });

  it('sells a repeated receipt number once, however often and however close together it comes', async () => {
    const p = payment({ TransAmount: '600' });
    const answers = await Promise.all([1, 2, 3].map(() => callback('confirmation', p)));
    for (const a of answers) expect(a.json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    expect((await callback('confirmation', p)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    const messages = await t.database.db
      .select()
      .from(channelMessages)
      .where(eq(channelMessages.messageId, p.TransID));
    expect(messages).toHaveLength(1);
    const sales = (await floatSales()).filter((m) => m.messageId === p.TransID);
    expect(sales).toHaveLength(1);
    expect(
      await t.database.db.select().from(mobilePayments).where(eq(mobilePayments.transId, p.TransID)),
    ).toHaveLength(1);
  });

  it('retries while the SMSC is down, shows it, and delivers once the SMSC is back', async () => {
    await smsc.close();
    const p = payment({ TransAmount: '700' });
    expect((await callback('confirmation', p)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    const row = await paymentOf(p.TransID);
    expect(row?.state).toBe('vended');
    const id = row?.tokenRecordId ?? 0;
    await vi.waitFor(
      async () => {
        const m = await smsOf(id);
        expect(m?.attempts).toBeGreaterThanOrEqual(1);
        expect(m?.lastError).toBeTruthy();
      },
      { timeout: 15_000, interval: 50 },
    );
    const log = await t.call<{ data: Array<{ state: string; attempts: number; lastError: string | null }> }>(
      '/api/sms/read',
      { state: 'queued' },
      admin,
    );
    expect(log.code).toBe(0);
    expect(log.result.data[0]).toMatchObject({ state: 'queued' });
    expect(log.result.data[0]?.lastError).toBeTruthy();
    smsc = await startSmsc({ ...SMSC, port: smsc.port });
    // The next attempt is due after its back-off: move the server's clock past it.
    t.clock.advanceMinutes(5);
    const sms = await smsReaches(id, 'delivered');
    expect(sms.attempts).toBeGreaterThanOrEqual(2);
    expect(smsc.submitted.some((s) => s.messageId === sms.smscMessageId)).toBe(true);
  });
});

describe('the queue of payments an operator resolves', () => {
  it('queues what cannot be sold, never losing it, and lets an operator assign or refund it', async () => {
    const before = (await floatSales()).length;
    const unknown = payment({ BillRefNumber: 'WRONG123' });
    const blocked = payment({ BillRefNumber: BLOCKED });
    const tooBig = payment({ TransAmount: '999999' });
    const noFloat = payment({ TransAmount: '20000' });
    for (const p of [unknown, blocked, tooBig, noFloat]) {
      expect((await callback('confirmation', p)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    }
    expect(await paymentOf(unknown.TransID)).toMatchObject({ state: 'queued', queueReason: 'unknownMeter' });
    expect(await paymentOf(blocked.TransID)).toMatchObject({ state: 'queued', queueReason: 'blockedMeter' });
    expect(await paymentOf(tooBig.TransID)).toMatchObject({
      state: 'queued',
      queueReason: 'amountOutOfRange',
    });
    expect(await paymentOf(noFloat.TransID)).toMatchObject({
      state: 'queued',
      queueReason: 'floatExhausted',
    });
    expect((await floatSales()).length).toBe(before);

    const queued = await t.call<{ total: number }>('/api/mobilePayment/read', { state: 'queued' }, admin);
    expect(queued.result.total).toBe(4);
    const clerk = await userWithRole(t, { userId: 'mmclerk', content: 'Channel.Vendor' });
    expect((await t.call('/api/mobilePayment/read', {}, clerk)).status).toBe(403);

    const unknownRow = await paymentOf(unknown.TransID);
    const resolve = (body: Record<string, unknown>) =>
      t.call<{ state: string; meterId: string; receiptId: number }>(
        '/api/mobilePayment/resolve',
        { authorizationPassword: ADMIN_AUTH_PASSWORD, remark: 'Payer called: meter typo', ...body },
        admin,
      );
    const wrongPassword = await resolve({
      id: unknownRow?.id,
      action: 'assign',
      meterId: METER,
      authorizationPassword: 'x',
    });
    expect(wrongPassword.code).not.toBe(0);
    const toBlocked = await resolve({ id: unknownRow?.id, action: 'assign', meterId: BLOCKED });
    expect(toBlocked.code).not.toBe(0);
    expect(await paymentOf(unknown.TransID)).toMatchObject({ state: 'queued' });
    const assigned = await resolve({ id: unknownRow?.id, action: 'assign', meterId: METER });
    expect(assigned.code, assigned.reason).toBe(0);
    expect(assigned.result).toMatchObject({ state: 'assigned', meterId: METER });
    const sold = await paymentOf(unknown.TransID);
    await smsReaches(sold?.tokenRecordId ?? 0, 'delivered');

    const tooBigRow = await paymentOf(tooBig.TransID);
    const refunded = await resolve({
      id: tooBigRow?.id,
      action: 'refund',
      remark: 'Reversed on the M-Pesa portal',
    });
    expect(refunded.result).toMatchObject({ state: 'refunded' });
    const again = await resolve({ id: tooBigRow?.id, action: 'refund' });
    expect(again.code).not.toBe(0);
    expect((await resolve({ id: 999_999, action: 'refund' })).code).not.toBe(0);
    const noMeter = await t.call(
      '/api/mobilePayment/resolve',
      { id: tooBigRow?.id, action: 'assign', remark: 'x', authorizationPassword: ADMIN_AUTH_PASSWORD },
      admin,
    );
    expect(noMeter.status).toBe(400);

    const audit = (await t.auditRows()).filter((r) => r.title === 'Mobile Payment');
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['Vend', 'Queue', 'Assign', 'Refund']));
    expect(JSON.stringify(audit)).not.toContain(secret);

    const file = await t.post('/api/mobilePayment/export', { state: 'queued' }, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const smsFile = await t.post('/api/sms/export', {}, admin);
    expect(smsFile.statusCode).toBe(200);
  });
});

describe('low-credit alerts by SMS', () => {
  const LOW = '47005550003';
  const NO_PHONE = '47005550004';
  const PHONE = '254711000222';
  /** A daily reading with `remain1` tenths of a kWh left, stored as collection stores it. */
  const readCredit = (meterId: string, day: string, remain1: number) =>
    saveDailyRows(t.database.db, [{ meterId, currentDate: day, stationId: '0001', remain1 }], t.clock.now());
  const alertsOf = (meterId: string) =>
    t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.meterId, meterId), eq(smsMessages.kind, 'lowCredit')));
  const delivered = (meterId: string, count: number) =>
    vi.waitFor(
      async () => {
        const sent = await alertsOf(meterId);
        expect(sent.map((m) => m.state)).toEqual(Array(count).fill('delivered'));
        return sent;
      },
      { timeout: 15_000, interval: 50 },
    );

  it('tells the customer once per low-credit spell, with the receipt, and skips customers without a phone', async () => {
    await vendableMeter(t, { meterId: LOW });
    await vendableMeter(t, { meterId: NO_PHONE });
    await t.database.db
      .update(customers)
      .set({ phone: PHONE })
      .where(eq(customers.customerId, `C${LOW}`));
    await t.database.db
      .update(customers)
      .set({ phone: ' ' })
      .where(eq(customers.customerId, `C${NO_PHONE}`));

    await readCredit(LOW, '2026-11-20', 32);
    await readCredit(NO_PHONE, '2026-11-20', 10);
    const [first] = await delivered(LOW, 1);
    expect(first).toMatchObject({ destination: PHONE, receiptState: 'DELIVRD' });
    const got = smsc.submitted.find((s) => s.messageId === first?.smscMessageId);
    expect(got?.text).toBe(`Meter ${LOW} is low on credit (3.2 kWh left). Buy a token to stay supplied.`);

    // The next reading in the same state keeps the one open alarm: no second alert.
    await readCredit(LOW, '2026-11-21', 30);
    // Credit back, then low again: a new spell, a new alert.
    await readCredit(LOW, '2026-11-22', 400);
    await readCredit(LOW, '2026-11-23', 20);
    const both = await delivered(LOW, 2);
    expect(both[1]?.body).toContain('(2.0 kWh left)');
    const open = await t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.meterId, NO_PHONE), eq(alarms.kind, 'lowCredit')));
    expect(open).toHaveLength(1);
    expect(await alertsOf(NO_PHONE)).toEqual([]);
  });
});

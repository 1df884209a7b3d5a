import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { advice, channelClient, fundedVendor, newId, purchaseBody, transaction } from './channel-fixture.js';
import { ADMIN_AUTH_PASSWORD, createTestApp, type TestApp, userWithRole } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * The vendor console API: the table, the machine secret (shown once, stored hashed, rotatable), the float
 * (authorization password, audited, never past the credit limit), the statement, and what a vendor may see.
 */

let t: TestApp;
let admin: string;
const METER = '47030000001';

const line = (vendorId: string, over: Record<string, unknown> = {}) => ({
  vendorId,
  vendorName: `Vendor ${vendorId}`,
  vendorKind: 'aggregator',
  stationIds: ['0001', '0002'],
  clientId: '6004708000099',
  terminalId: 'AGG1',
  creditLimit: '100',
  commissionRate: '2.25',
  dailyLimit: '5000',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await vendableMeter(t, { meterId: METER });
  await t.database.db.insert(stations).values([
    { stationId: '0002', name: 'East' },
    { stationId: '0003', name: 'West' },
  ]);
});
afterAll(async () => t?.close());

describe('vendors in the console', () => {
  it('creates, reads and updates vendors; refuses bad lines and non-administrators', async () => {
    const created = await t.call<Array<Record<string, unknown>>>(
      '/api/vendor/create',
      [line('AGG01')],
      admin,
    );
    expect(created.code, created.reason).toBe(0);
    expect(created.result[0]).toMatchObject({
      vendorId: 'AGG01',
      balance: 0,
      creditLimit: 100,
      available: 100,
      commissionRate: 2.25,
      dailyLimit: 5000,
      hasCredential: false,
    });
    const bad = await t.call(
      '/api/vendor/create',
      [line('AGG02', { clientId: '12', stationIds: [] })],
      admin,
    );
    expect(bad.status).toBe(400);
    const noStation = await t.call('/api/vendor/create', [line('AGG03', { stationIds: ['NOPE'] })], admin);
    expect(noStation.code).not.toBe(0);
    const updated = await t.call<Array<{ vendorName: string }>>(
      '/api/vendor/update',
      [line('AGG01', { vendorName: 'Renamed' })],
      admin,
    );
    expect(updated.result[0]?.vendorName).toBe('Renamed');
    const page = await t.call<{ total: number }>('/api/vendor/read', { vendorKind: 'aggregator' }, admin);
    expect(page.result.total).toBe(1);

    // Users of a station that is not the system's manage nothing and see the vendors selling for it.
    const clerk = await userWithRole(t, { userId: 'clerk1', content: 'Channel.Vendor', stationId: '0002' });
    const denied = await t.call('/api/vendor/create', [line('AGG04', { clientId: '6004708000098' })], clerk);
    expect(denied.status).toBe(403);
    expect((await t.call<{ total: number }>('/api/vendor/read', {}, clerk)).result.total).toBe(1);
    const other = await userWithRole(t, { userId: 'other1', content: 'Channel.Vendor', stationId: '0003' });
    expect((await t.call<{ total: number }>('/api/vendor/read', {}, other)).result.total).toBe(0);
  });

  it('shows a machine secret once, keeps only its hash, and a rotation retires the old one', async () => {
    const wrong = await t.call(
      '/api/vendor/credential',
      { vendorId: 'AGG01', authorizationPassword: 'nope' },
      admin,
    );
    expect(wrong.code).not.toBe(0);
    const first = await t.call<{ secret: string; username: string }>(
      '/api/vendor/credential',
      { vendorId: 'AGG01', authorizationPassword: ADMIN_AUTH_PASSWORD },
      admin,
    );
    expect(first.result.username).toBe('AGG01');
    const [stored] = await t.database.db.select().from(vendors).where(eq(vendors.vendorId, 'AGG01'));
    expect(stored?.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored?.secretHash).not.toContain(first.result.secret);
    const read = await t.call('/api/vendor/read', {}, admin);
    expect(JSON.stringify(read)).not.toContain(first.result.secret);
    expect(JSON.stringify(read)).not.toContain('argon2');
    expect(JSON.stringify(await t.auditRows())).not.toContain(first.result.secret);

    let authorization = `Basic ${Buffer.from(`AGG01:${first.result.secret}`).toString('base64')}`;
    const api = await channelClient(t, () => authorization);
    const lookup = async () => {
      const id = newId();
      return api('createMeterLookup')(
        { lookupId: id },
        { ...transaction(id, 'AGG01'), meter: { meterId: METER } },
      );
    };
    expect((await lookup()).status).toBe(201);
    const second = await t.call<{ secret: string }>(
      '/api/vendor/credential',
      { vendorId: 'AGG01', authorizationPassword: ADMIN_AUTH_PASSWORD },
      admin,
    );
    expect((await lookup()).status).toBe(401);
    authorization = `Basic ${Buffer.from(`AGG01:${second.result.secret}`).toString('base64')}`;
    expect((await lookup()).status).toBe(201);
    const actions = (await t.auditRows()).filter((r) => r.title === 'Vendor').map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['IssueCredential', 'RotateCredential']));
  });

  it('tops up and adjusts the float with the authorization password, audited, never past the credit limit', async () => {
    const move = (amount: string, kind = 'topUp', password = ADMIN_AUTH_PASSWORD) =>
      t.call<{ balance: number; available: number }>(
        '/api/vendor/float',
        { vendorId: 'AGG01', kind, amount, remark: 'Bank deposit 42', authorizationPassword: password },
        admin,
      );
    expect((await move('500', 'topUp', 'wrong')).code).not.toBe(0);
    expect((await move('-5')).status).toBe(400);
    const up = await move('500.50');
    expect(up.result).toMatchObject({ balance: 500.5, available: 600.5 });
    const tooFar = await move('-700', 'adjustment');
    expect(tooFar.code).not.toBe(0);
    const down = await move('-0.50', 'adjustment');
    expect(down.result.balance).toBe(500);
    const floats = (await t.auditRows()).filter((r) => r.title === 'Vendor Float').map((r) => r.action);
    expect(floats).toEqual(['TopUp', 'Adjust']);
    const statement = await t.call<{
      total: number;
      data: Array<{ movementKind: string; amount: number; balanceAfter: number }>;
    }>('/api/vendor/statement', { vendorId: 'AGG01' }, admin);
    expect(statement.result.data).toEqual([
      expect.objectContaining({ movementKind: 'adjustment', amount: -0.5, balanceAfter: 500 }),
      expect.objectContaining({ movementKind: 'topUp', amount: 500.5, balanceAfter: 500.5 }),
    ]);
    const del = await t.call('/api/vendor/delete', [{ vendorId: 'AGG01' }], admin);
    expect(del.code).not.toBe(0);
    const sheet = await t.post('/api/vendor/export', {}, admin);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('a vendor sees only its own purchases', async () => {
    const a = await fundedVendor(t, { vendorId: 'BANKA', clientId: '6004708000021', topUp: '2000' });
    const b = await fundedVendor(t, { vendorId: 'BANKB', clientId: '6004708000022', topUp: '2000' });
    const asA = await channelClient(t, () => a);
    const asB = await channelClient(t, () => b);
    const id = newId();
    const sold = await asA('createTokenPurchaseRequest')(
      { purchaseId: id },
      purchaseBody(id, METER, 600_00, 'BANKA'),
    );
    expect(sold.status).toBe(201);
    const confirmationId = newId();
    const foreign = await asB('confirmTokenPurchase')(
      { purchaseId: id, confirmationId },
      {
        ...advice(confirmationId, id),
        tenders: [{ amount: { amount: 600_00, currency: '710' }, tenderType: 'CASH' }],
      },
    );
    expect(foreign.status).toBe(404);
    const reprintId = newId();
    const reprint = await asB('requestTokenReprint')(
      { reprintId },
      { ...transaction(reprintId, 'BANKB'), meter: { meterId: METER }, originalRef: id },
    );
    expect(reprint.body).toMatchObject({ errorType: 'UNABLE_TO_LOCATE_RECORD' });
    const retry = await asB('retryPurchaseRequest')(
      { purchaseId: id },
      purchaseBody(id, METER, 600_00, 'BANKA'),
    );
    expect(retry.body).toMatchObject({ errorType: 'INVALID_MERCHANT' });
    const moves = await t.database.db
      .select()
      .from(vendorFloatMovements)
      .where(eq(vendorFloatMovements.vendorId, 'BANKB'));
    expect(moves.map((m) => m.movementKind)).toEqual(['topUp']);
  });
});

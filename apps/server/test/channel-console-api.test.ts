import type { ChannelAdviceRow, ChannelTransactionRow, ReconciliationRow } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, vendors } from '../src/db/schema.js';
import type { Deps } from '../src/deps.js';
import { callerIn } from '../src/modules/vendor/channel-caller.js';
import { createChannelConsoleService } from '../src/modules/vendor/channel-console.service.js';
import { advice, channelClient, fundedVendor, newId, purchaseBody, transaction } from './channel-fixture.js';
import { createTestApp, type TestApp, userWithRole } from './harness.js';
import { vendableMeter } from './vending-fixture.js';
import { sheetRows } from './workbook.js';

/**
 * The revenue office's reads of the channels: every channel sale with its advice history, as the reader's
 * station and permissions allow, and a vendor's own only; the downloads hold what the grid shows.
 */
let t: TestApp;
let admin: string;
const METER = '47000000711';
const EAST_METER = '47000000722';
const ids = { confirmed: newId(), reversed: newId(), east: newId(), other: newId() };
const tokens: Record<string, string> = {};

type Page = { total: number; data: ChannelTransactionRow[] };
const read = async (body: Record<string, unknown>, token = admin) => {
  const res = await t.call<Page>(
    '/api/channelTransaction/read',
    { pageNumber: 1, pageSize: 100, ...body },
    token,
  );
  expect(res.code, res.reason).toBe(0);
  return res.result;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await t.database.db.insert(stations).values({ stationId: '0002', name: 'East' }).onConflictDoNothing();
  await vendableMeter(t, { meterId: METER, debtMinor: 0 });
  await vendableMeter(t, { meterId: EAST_METER, stationId: '0002', debtMinor: 0 });
  const bank = await fundedVendor(t, { vendorId: 'BANK01', clientId: '6004708000101', topUp: '5000' });
  const other = await fundedVendor(t, { vendorId: 'BANK02', clientId: '6004708000102', topUp: '5000' });
  await t.database.db.update(vendors).set({ stationIds: ['0001', '0002'] });
  const api = await channelClient(t, () => bank);
  const buy = (id: string, meter: string) =>
    api('createTokenPurchaseRequest')({ purchaseId: id }, purchaseBody(id, meter, 600_00));
  for (const [id, meter] of [
    [ids.confirmed, METER],
    [ids.reversed, METER],
    [ids.east, EAST_METER],
  ] as const) {
    const sold = await buy(id, meter);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  }
  // Reversed before the meter's next vend, which would make the sale final.
  const reversalId = newId();
  const reversal = { ...advice(reversalId, ids.reversed), reversalReason: 'TIMEOUT' };
  expect((await api('reverseTokenPurchase')({ purchaseId: ids.reversed, reversalId }, reversal)).status).toBe(
    202,
  );
  const otherApi = await channelClient(t, () => other);
  const sold = await otherApi('createTokenPurchaseRequest')(
    { purchaseId: ids.other },
    purchaseBody(ids.other, METER, 700_00, 'BANK02'),
  );
  expect(sold.status).toBe(201);
  const purchaseId = ids.confirmed;
  const confirmationId = newId();
  const confirmation = {
    ...advice(confirmationId, purchaseId),
    tenders: [{ amount: { amount: 600_00, currency: '710' }, tenderType: 'CASH' }],
  };
  expect((await api('confirmTokenPurchase')({ purchaseId, confirmationId }, confirmation)).status).toBe(202);
  expect((await api('confirmTokenPurchase')({ purchaseId, confirmationId }, confirmation)).status).toBe(202);
  expect(
    (await api('retryPurchaseRequest')({ purchaseId }, purchaseBody(newId(), METER, 600_00))).status,
  ).toBe(202);
  const reprintId = newId();
  const reprint = { ...transaction(reprintId), meter: { meterId: METER }, originalRef: purchaseId };
  expect((await api('requestTokenReprint')({ reprintId }, reprint)).status).toBe(200);
  const lateId = newId();
  const late = { ...advice(lateId, purchaseId), reversalReason: 'CANCELLED' };
  expect((await api('reverseTokenPurchase')({ purchaseId, reversalId: lateId }, late)).status).toBe(400);

  tokens.east = await userWithRole(t, {
    userId: 'office2',
    content: 'Channel.ChannelTransaction',
    stationId: '0002',
  });
  tokens.none = await userWithRole(t, { userId: 'clerk1', content: 'Management.Meter' });
});
afterAll(async () => t?.close());

describe('channel transactions', () => {
  it('lists every channel sale with its state, commission and station, filtered by vendor, meter and state', async () => {
    const all = await read({});
    expect(all.total).toBe(4);
    const byId = new Map(all.data.map((r) => [r.messageId, r]));
    expect(byId.get(ids.confirmed)).toMatchObject({
      vendorId: 'BANK01',
      meterId: METER,
      stationId: '0001',
      amount: 600,
      commission: 9,
      saleState: 'confirmed',
    });
    expect(byId.get(ids.reversed)?.saleState).toBe('reversed');
    expect(byId.get(ids.east)).toMatchObject({ saleState: 'sold', stationId: '0002' });
    expect((await read({ vendorId: 'BANK02' })).data.map((r) => r.messageId)).toEqual([ids.other]);
    expect((await read({ saleState: 'sold' })).total).toBe(2);
    expect((await read({ meterId: EAST_METER })).data.map((r) => r.messageId)).toEqual([ids.east]);
    expect((await read({ orderBy: 'amount desc' })).data[0]?.messageId).toBe(ids.other);
    const bad = await t.post('/api/channelTransaction/read', { saleState: 'issued' }, admin);
    expect(bad.statusCode).toBe(400);
  });

  it('a station user sees its own station sales only; without the permission the read is refused', async () => {
    expect((await read({}, tokens.east)).data.map((r) => r.messageId)).toEqual([ids.east]);
    expect((await read({ stationId: '0001' }, tokens.east)).total).toBe(0);
    expect((await read({ vendorId: 'BANK02' }, tokens.east)).total).toBe(0);
    const denied = await t.post('/api/channelTransaction/read', { pageNumber: 1 }, tokens.none);
    expect(denied.statusCode).toBe(403);
    const noReport = await t.post('/api/channelReconciliation/read', { pageNumber: 1 }, tokens.east);
    expect(noReport.statusCode).toBe(403);
  });

  it('a vendor reads its own sales and purchase histories only', async () => {
    const [other] = await t.database.db.select().from(vendors).where(eq(vendors.vendorId, 'BANK02'));
    if (!other) throw new Error('no vendor BANK02');
    const deps = { database: t.database, clock: t.clock } as unknown as Deps;
    const console = createChannelConsoleService(deps);
    const seller = callerIn(other, '0001', null).ctx.user;
    const own = await console.transactions({ pageNumber: 1, pageSize: 100, vendorId: 'BANK01' }, seller);
    expect(own.total).toBe(0);
    const mine = await console.transactions({ pageNumber: 1, pageSize: 100 }, seller);
    expect(mine.data.map((r) => r.messageId)).toEqual([ids.other]);
    expect(await console.advices({ vendorId: 'BANK01', messageId: ids.confirmed }, seller)).toEqual([]);
    const reconciled = await console.reconciliation({ pageNumber: 1, pageSize: 100 }, seller);
    expect(new Set(reconciled.data.map((r) => r.vendorId))).toEqual(new Set(['BANK02']));
  });

  it("answers a purchase's advice history in arrival order: confirmations, retry, reprint, a refused reversal", async () => {
    const res = await t.call<ChannelAdviceRow[]>(
      '/api/channelTransaction/advices',
      { vendorId: 'BANK01', messageId: ids.confirmed },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.map((a) => [a.adviceKind, a.outcome])).toEqual([
      ['purchase', 'accepted'],
      ['confirmation', 'accepted'],
      ['confirmation', 'repeated'],
      ['retry', 'repeated'],
      ['reprint', 'accepted'],
      ['reversal', 'refused'],
    ]);
    expect(res.result.at(-1)?.reason).toMatch(/^TRANSACTION_DECLINED: /);
    const reversed = await t.call<ChannelAdviceRow[]>(
      '/api/channelTransaction/advices',
      { vendorId: 'BANK01', messageId: ids.reversed },
      admin,
    );
    expect(reversed.result.map((a) => [a.adviceKind, a.outcome])).toEqual([
      ['purchase', 'accepted'],
      ['reversal', 'accepted'],
    ]);
    // Another station's purchase has no history for this reader.
    const hidden = await t.call<ChannelAdviceRow[]>(
      '/api/channelTransaction/advices',
      { vendorId: 'BANK01', messageId: ids.confirmed },
      tokens.east,
    );
    expect(hidden.result).toEqual([]);
  });

  it('exports the filtered sales in the reader language, with one audit row', async () => {
    const file = await t.post('/api/channelTransaction/export', { vendorId: 'BANK01', lang: 'es' }, admin);
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    const head = rows[0] ?? [];
    expect(head).toContain('Estado de la venta');
    expect(rows.length - 1).toBe(3);
    const states = rows.slice(1).map((r) => r[head.indexOf('Estado de la venta')]);
    expect(states.sort()).toEqual(['Confirmada', 'Revertida', 'Vendida']);
    const audit = (await t.auditRows()).at(-1);
    expect(audit).toMatchObject({ title: 'Channel Transactions', action: 'Export', content: '3 rows' });
    const east = await t.post('/api/channelTransaction/export', {}, tokens.east);
    expect((await sheetRows(east.rawPayload)).length - 1).toBe(1);
    expect((await t.post('/api/channelTransaction/export', {}, tokens.none)).statusCode).toBe(403);
  });

  it("exports a vendor's statement in the reader language", async () => {
    const file = await t.post('/api/vendor/statement/export', { vendorId: 'BANK01', lang: 'zh' }, admin);
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    const kind = rows[0]?.indexOf('变动类型') ?? -1;
    expect(kind).toBeGreaterThanOrEqual(0);
    expect(new Set(rows.slice(1).map((r) => r[kind]))).toEqual(new Set(['充值', '售电', '冲正']));
  });

  it('the reconciliation agrees with the float: net sales and closing balance per vendor', async () => {
    const res = await t.call<{ data: ReconciliationRow[] }>(
      '/api/channelReconciliation/read',
      { pageNumber: 1, pageSize: 100, vendorId: 'BANK01' },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.data).toHaveLength(1);
    expect(res.result.data[0]).toMatchObject({
      salesCount: 3,
      reversalCount: 1,
      openingBalance: 0,
      topUps: 5000,
      netSales: 1200,
      commission: 18,
      netDue: 1182,
      closingBalance: 3800,
    });
  });
});

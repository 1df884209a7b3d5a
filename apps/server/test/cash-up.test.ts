import type { CashUpResult, CashUpRow, CreditTokenRecord } from '@prepay/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, tokenRecords } from '../src/db/schema.js';
import {
  ADMIN_AUTH_PASSWORD,
  appWithAdmin,
  type TestApp,
  USER_AUTH_PASSWORD,
  userWithRole,
} from './harness.js';
import { cancelVend, creditVend, vendableMeter } from './vending-fixture.js';
import { firstSheet, workbookOf } from './workbook.js';

/** A credit token record as the API returns it. */
type Rec = CreditTokenRecord;

let t: TestApp;
let admin: string;
let cashier: string;
let noKey: string;
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
let today: string;

const vend = async (
  token: string,
  meterId: string,
  amount: string,
  paymentMethod: string | null,
  password = ADMIN_AUTH_PASSWORD,
) => {
  const res = await creditVend(t, { meterId, amount, paymentMethod, authorizationPassword: password }, token);
  expect(res.code, res.reason).toBe(0);
  return res.result;
};

const cashUp = (body: Record<string, unknown>, token = admin) =>
  t.call<CashUpResult>('/api/cashUp/read', body, token);

/** Every view adds up to the grand total (count, money, units and cancellations). */
function sumOf(rows: CashUpRow[]) {
  const keys = [
    'count',
    'totalPaid',
    'units',
    'tax',
    'debtRecovered',
    'cancelledCount',
    'cancelledTotalPaid',
  ];
  return Object.fromEntries(
    keys.map((k) => [k, Number(rows.reduce((s, r) => s + Number(r[k as keyof CashUpRow]), 0).toFixed(2))]),
  );
}

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  today = dayOf(t.clock.now());
  await t.database.db.insert(stations).values({ stationId: '0002', name: 'East' }).onConflictDoNothing();
  const a = await vendableMeter(t, { meterId: '47000000101', debtMinor: 200_00 });
  const b = await vendableMeter(t, { meterId: '47000000102' });
  const c = await vendableMeter(t, { meterId: '47000000103', stationId: '0002' });
  // Yesterday's vend (moved back a day in the table): outside today's cash-up.
  const old = await vend(admin, b.meterId, '700', 'Cash');
  await t.database.db
    .update(tokenRecords)
    .set({ createDate: sql`${tokenRecords.createDate} - interval '1 day'` })
    .where(and(eq(tokenRecords.kind, 'credit'), eq(tokenRecords.receiptId, old.receiptId)));
  // Station 0001 is the system station (its users see every station); the till is at 0002.
  cashier = await userWithRole(t, {
    userId: 'till1',
    content: 'Token.CreditToken,TokenRecord.CashUp',
    stationId: '0002',
  });
  noKey = await userWithRole(t, { userId: 'till2', content: 'Token.CreditToken' });
  await vend(admin, a.meterId, '1000', 'Cash');
  await vend(admin, b.meterId, '250.50', 'Card');
  // The first vend of the period pays meter c's monthly charge; the till's comes after.
  await vend(admin, c.meterId, '1200', 'Cash');
  await vend(cashier, c.meterId, '300', null, USER_AUTH_PASSWORD);
  const cancelled = await vend(admin, b.meterId, '99.99', 'Cash');
  const res = await cancelVend(t, admin, { receiptId: cancelled.receiptId, remark: 'Paid twice' });
  expect(res.code, res.reason).toBe(0);
});
afterAll(() => t.close());

describe('cash-up', () => {
  it('totals equal the sum of the records of the range; cancelled vends are shown apart', async () => {
    const res = await cashUp({ from: today, to: today });
    expect(res.code, res.reason).toBe(0);
    const records = await t.call<{ data: Rec[] }>(
      '/api/token/creditTokenRecord/read',
      { createDateRange: [`${today} 00:00:00`, `${today} 23:59:59`], pageSize: 1000 },
      admin,
    );
    const issued = records.result.data.filter((r) => r.status === 0);
    const cancelled = records.result.data.filter((r) => r.status === 1);
    expect(issued).toHaveLength(4);
    const money = (xs: Rec[], k: 'totalPaid' | 'tax' | 'payDebt') =>
      Number(xs.reduce((s, r) => s + r[k], 0).toFixed(2));
    const { total } = res.result;
    expect(total).toMatchObject({
      count: 4,
      totalPaid: money(issued, 'totalPaid'),
      tax: money(issued, 'tax'),
      debtRecovered: money(issued, 'payDebt'),
      units: Number(issued.reduce((s, r) => s + r.totalUnit, 0).toFixed(1)),
      cancelledCount: 1,
      cancelledTotalPaid: money(cancelled, 'totalPaid'),
    });
    expect(total.totalPaid).toBe(1000 + 250.5 + 300 + 1200);
    expect(total.debtRecovered).toBe(0);
    const grand = sumOf([total]);
    for (const view of ['byOperator', 'byStation', 'byPaymentMethod', 'byDay'] as const) {
      expect(sumOf(res.result[view]), view).toEqual(grand);
    }
    expect(res.result.byOperator.map((r) => [r.key, r.count])).toEqual([
      ['admin', 3],
      ['till1', 1],
    ]);
    expect(res.result.byStation.map((r) => [r.key, r.totalPaid])).toEqual([
      ['0001', 1250.5],
      ['0002', 1500],
    ]);
    expect(res.result.byPaymentMethod.map((r) => [r.key, r.count, r.cancelledCount])).toEqual([
      ['', 1, 0],
      ['Card', 1, 0],
      ['Cash', 2, 1],
    ]);
    expect(res.result.byDay.map((r) => r.key)).toEqual([today]);
  });

  it('a range of two days takes in yesterday; a station filter narrows it', async () => {
    const two = await cashUp({ from: dayOf(new Date(t.clock.now().getTime() - 86_400_000)), to: today });
    expect(two.result.byDay).toHaveLength(2);
    expect(two.result.total.count).toBe(5);
    const east = await cashUp({ from: today, to: today, stationId: '0002' });
    expect(east.result.total).toMatchObject({ count: 2, totalPaid: 1500 });
  });

  it('is station-scoped and needs its permission key', async () => {
    const own = await cashUp({ from: today, to: today }, cashier);
    expect(own.code, own.reason).toBe(0);
    expect(own.result.byStation.map((r) => r.key)).toEqual(['0002']);
    expect(own.result.total).toMatchObject({ count: 2, totalPaid: 1500 });
    // Asking for another station narrows to nothing rather than widening.
    const other = await cashUp({ from: today, to: today, stationId: '0001' }, cashier);
    expect(other.result.total.count).toBe(0);
    expect((await cashUp({ from: today, to: today }, noKey)).status).toBe(403);
  });

  it('refuses a bad range with 400', async () => {
    expect((await cashUp({ from: today, to: '2020-01-01' })).status).toBe(400);
    expect((await cashUp({ from: 'today', to: today })).status).toBe(400);
    expect((await cashUp({ from: '2020-01-01', to: '2026-01-01' })).status).toBe(400);
  });

  it('exports one sheet per view in the asked language, with a total row and money with 2 places', async () => {
    const res = await t.post('/api/cashUp/export', { from: today, to: today, lang: 'zh' }, admin);
    expect(res.statusCode).toBe(200);
    const book = await workbookOf(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['操作员', '站点', '支付方式', '日期']);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '操作员',
      '售电笔数',
      '电量',
      '总金额',
      '电费',
      '增值税',
      '月费',
      '回收债务',
      '撤销笔数',
      '撤销金额',
    ]);
    const last = sheet?.getRow(sheet.rowCount);
    expect(last?.getCell(1).value).toBe('合计');
    expect(last?.getCell(4).value).toBe(2750.5);
    expect(last?.getCell(4).numFmt).toBe('0.00');
    const audit = (await t.auditRows()).at(-1);
    expect(audit).toMatchObject({ title: 'Cash-up', action: 'Export' });
  });

  it('record exports carry translated titles and coded values as words (zh, es)', async () => {
    for (const [lang, titles, words] of [
      ['zh', ['收据编号', '表类型', '状态', '总金额'], ['电表', '已撤销', '按金额购买']],
      ['es', ['Id de recibo', 'Tipo de medidor', 'Estado', 'Total pagado'], ['Electricidad', 'Anulado']],
    ] as const) {
      const res = await t.post(
        '/api/token/creditTokenRecord/export',
        { meterId: '47000000102', lang },
        admin,
      );
      expect(res.statusCode).toBe(200);
      const sheet = await firstSheet(res.rawPayload);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      for (const title of titles) expect(header).toContain(title);
      const cells = JSON.stringify(sheet.getSheetValues());
      for (const w of words) expect(cells).toContain(w);
      const paid = header.indexOf(titles[3]) + 1;
      expect(sheet.getRow(2).getCell(paid).numFmt).toBe('0.00');
    }
  });

  it('the record list totals row sums every row its filter matches', async () => {
    const filter = { meterId: '47000000102' };
    const rows = await t.call<{ data: Rec[]; total: number }>(
      '/api/token/creditTokenRecord/read',
      { ...filter, pageSize: 1 },
      admin,
    );
    const all = await t.call<{ data: Rec[] }>(
      '/api/token/creditTokenRecord/read',
      { ...filter, pageSize: 1000 },
      admin,
    );
    const totals = await t.call<Record<string, number>>('/api/token/creditTokenRecord/totals', filter, admin);
    expect(totals.code, totals.reason).toBe(0);
    // All pages, not the one on screen.
    expect(rows.result.total).toBe(3);
    expect(totals.result).toMatchObject({
      count: 3,
      totalPaid: Number(all.result.data.reduce((s, r) => s + r.totalPaid, 0).toFixed(2)),
      cancelledCount: 1,
      cancelledTotalPaid: 99.99,
    });
    const issued = await t.call<Record<string, number>>(
      '/api/token/creditTokenRecord/totals',
      { ...filter, status: 0 },
      admin,
    );
    expect(issued.result).toMatchObject({ count: 2, totalPaid: 950.5, cancelledCount: 0 });
    expect((await t.call('/api/token/creditTokenRecord/totals', filter, noKey)).status).toBe(403);
  });
});

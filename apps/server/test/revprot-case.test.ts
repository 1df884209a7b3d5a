import type { CaseRow, DebtRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, lastAudit, type TestApp } from './harness.js';
import { createStations, northUser, type Page } from './masterdata-fixtures.js';
import { vendableMeter } from './vending-fixture.js';
import { sheetRows } from './workbook.js';

const NORTH_METER = '47001234567';
const SOUTH_METER = '47009876543';

/** A meter with a customer's account in each of two stations. */
async function prepare(t: TestApp) {
  const admin = await t.adminToken();
  await createStations(t, admin);
  await vendableMeter(t, { meterId: NORTH_METER, stationId: 'NORTH' });
  await vendableMeter(t, { meterId: SOUTH_METER, stationId: 'SOUTH' });
}

const it = apiTest(prepare);

/** The smallest valid PNG: signature, IHDR (1×1), IDAT, IEND. */
const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

const open = (t: TestApp, token: string, meterId: string, extra: object = {}) =>
  t.call<CaseRow[]>('/api/revenueProtection/case/create', [{ meterId, ...extra }], token);
const step = (t: TestApp, token: string, body: object) =>
  t.call<CaseRow[]>('/api/revenueProtection/case/update', [body], token);
const debtOf = async (t: TestApp, token: string, customerId: string) =>
  (await t.call<Page<DebtRow>>('/api/debt/read', { customerId }, token)).result.data[0];

describe('revenue-protection cases', () => {
  it('go from a suspect to closed; the recovered amount joins the customer debt; every step audited', async ({
    t,
    admin,
  }) => {
    const made = await open(t, admin, NORTH_METER, { source: 'suspect', reason: 'score 87: beyond credit' });
    expect(made.code, made.reason).toBe(0);
    const c = made.result[0]!;
    expect(c).toMatchObject({
      meterId: NORTH_METER,
      customerId: `C${NORTH_METER}`,
      source: 'suspect',
      status: 'open',
      stationId: 'NORTH',
      recoveredAmount: 0,
    });
    expect(await lastAudit(t)).toMatchObject({ title: 'Revenue Protection Case', action: 'Create' });

    const assigned = await step(t, admin, { caseId: c.caseId, step: 'assign', assignedTo: 'admin' });
    expect(assigned.code, assigned.reason).toBe(0);
    expect(assigned.result[0]).toMatchObject({ status: 'assigned', assignedTo: 'admin' });
    expect(await lastAudit(t)).toMatchObject({ action: 'Assign' });

    const photo = await t.upload(
      `/api/revenueProtection/case/photo?caseId=${c.caseId}`,
      { name: 'seal.png', content: PNG_1x1, type: 'image/png' },
      admin,
    );
    const withPhoto = photo.json() as { code: number; reason: string; result: CaseRow };
    expect(withPhoto.code, withPhoto.reason).toBe(0);
    expect(withPhoto.result.photoIds).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/revenueProtection/case/photo/${withPhoto.result.photoIds[0]}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_1x1)).toBe(true);

    const early = await unchangedBy(t.database, () =>
      step(t, admin, { caseId: c.caseId, step: 'close', recoveredAmount: '10' }),
    );
    expect(early.reason).toMatch(/record the inspection before closing/);

    const inspected = await step(t, admin, {
      caseId: c.caseId,
      step: 'inspect',
      findings: 'Neutral bypassed at the service cable',
      outcome: 'bypass',
    });
    expect(inspected.code, inspected.reason).toBe(0);
    expect(inspected.result[0]).toMatchObject({ status: 'inspected', outcome: 'bypass' });
    expect(inspected.result[0]?.inspectedDate).toMatch(/^\d{4}-\d{2}-\d{2} /);

    const before = await debtOf(t, admin, `C${NORTH_METER}`);
    const closed = await step(t, admin, { caseId: c.caseId, step: 'close', recoveredAmount: '1234.50' });
    expect(closed.code, closed.reason).toBe(0);
    expect(closed.result[0]).toMatchObject({ status: 'closed', recoveredAmount: 1234.5 });
    const after = await debtOf(t, admin, `C${NORTH_METER}`);
    expect(after?.totalDebt).toBe((before?.totalDebt ?? 0) + 1234.5);
    expect(after?.remainingDebt).toBe((before?.remainingDebt ?? 0) + 1234.5);
    const audits = (await t.auditRows()).slice(-2).map((r) => [r.title, r.action]);
    expect(audits).toEqual([
      ['Debt', before ? 'Update' : 'Create'],
      ['Revenue Protection Case', 'Close'],
    ]);

    const again = await unchangedBy(t.database, () =>
      step(t, admin, { caseId: c.caseId, step: 'assign', assignedTo: 'admin' }),
    );
    expect(again.reason).toMatch(/the case is closed/);
    // Closed: a new case may be opened on the same meter.
    expect((await open(t, admin, NORTH_METER)).code).toBe(0);
  });

  it('refuses bad input with a clear answer and writes nothing', async ({ t, admin }) => {
    const c = (await open(t, admin, SOUTH_METER)).result[0]!;
    const refusals: [object | object[], RegExp][] = [
      [{ caseId: c.caseId, step: 'inspect', findings: 'x', outcome: 'stolen' }, /outcome/i],
      [{ caseId: c.caseId, step: 'inspect', findings: '', outcome: 'bypass' }, /findings/i],
      [{ caseId: c.caseId, step: 'close', recoveredAmount: '-5' }, /valid amount/],
      [{ caseId: c.caseId, step: 'fly' }, /step/i],
    ];
    for (const [body, reason] of refusals) {
      const res = await unchangedBy(t.database, () => step(t, admin, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.reason).toMatch(reason);
    }
    const writes: [string, unknown, RegExp][] = [
      ['create', [{ meterId: 'NOPE' }], /meter NOPE: not found/],
      ['create', [{ meterId: SOUTH_METER }], /a case is already open on this meter/],
      ['create', [{ meterId: NORTH_METER, assignedTo: 'ghost' }], /user ghost not found/],
      ['update', [{ caseId: 999999, step: 'assign', assignedTo: 'admin' }], /case 999999: not found/],
    ];
    for (const [action, body, reason] of writes) {
      const res = await unchangedBy(t.database, () =>
        t.call(`/api/revenueProtection/case/${action}`, body, admin),
      );
      expect(res.code, res.reason).not.toBe(0);
      expect(res.reason).toMatch(reason);
    }
    const text = await unchangedBy(t.database, () =>
      t.upload(
        `/api/revenueProtection/case/photo?caseId=${c.caseId}`,
        {
          name: 'seal.png',
          content: Buffer.from('GIF89a not a png at all, really not one'),
          type: 'image/png',
        },
        admin,
      ),
    );
    expect((text.json() as { reason: string }).reason).toMatch(/Only PNG images/);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await unchangedBy(t.database, () =>
      t.upload(
        `/api/revenueProtection/case/photo?caseId=${c.caseId}`,
        { name: 'big.png', content: big },
        admin,
      ),
    );
    expect((large.json() as { code: number }).code).not.toBe(0);
  });

  it('keeps each station to its own cases; the list filters and exports', async ({ t, admin }) => {
    const north = await northUser(t, 'rp_north', 'RevenueProtection.Case');
    const list = await t.call<Page<CaseRow>>('/api/revenueProtection/case/read', {}, north);
    expect(list.code, list.reason).toBe(0);
    expect(list.result.data.every((r) => r.stationId === 'NORTH')).toBe(true);
    const south = (
      await t.call<Page<CaseRow>>('/api/revenueProtection/case/read', { meterId: SOUTH_METER }, admin)
    ).result.data[0]!;
    const foreign = await unchangedBy(t.database, () =>
      step(t, north, { caseId: south.caseId, step: 'assign', assignedTo: 'rp_north' }),
    );
    expect(foreign.code).not.toBe(0);
    const closedOnly = await t.call<Page<CaseRow>>(
      '/api/revenueProtection/case/read',
      { status: 'closed' },
      admin,
    );
    expect(closedOnly.result.data.map((r) => r.status)).toEqual(['closed']);
    const open = await t.call<Page<CaseRow>>('/api/revenueProtection/case/read', { openOnly: true }, admin);
    expect(open.result.data.every((r) => r.status !== 'closed')).toBe(true);
    const res = await t.post('/api/revenueProtection/case/export', { status: 'closed', lang: 'en' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('Recovered Amount');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(1234.5);
  });
});

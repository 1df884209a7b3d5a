import type { Dlt645TreeNode } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, userWithRole } from './harness.js';
import type { Page } from './masterdata-fixtures.js';

/** The DLMS/COSEM data-item catalogue over the original's /api/dlms/* calls. */
const it = apiTest();

describe('DLMS catalogue', () => {
  it('is seeded with what a prepayment meter needs, grouped in the tree, in six languages', async ({
    t,
    admin,
  }) => {
    const tree = await t.call<Dlt645TreeNode[]>(
      '/api/dlms/ReadDLMSTree',
      { lang: 'en', version: '1.1', type: 0 },
      admin,
    );
    expect(tree.code).toBe(0);
    expect(tree.result.map((g) => g.label)).toEqual([
      'Energy Registers',
      'Instantaneous Values',
      'Device Data',
      'Disconnect Control',
      'Prepayment',
      'Profiles and Logs',
    ]);
    expect(tree.result[0]?.children.map((c) => c.label)).toContain('Active energy import (+A)');
    const zh = await t.call<Dlt645TreeNode[]>(
      '/api/DLMS/readdlmstree',
      { lang: 'zh', version: '1.1', type: 2 },
      admin,
    );
    expect(zh.result).toEqual([
      {
        id: expect.stringMatching(/^group-/),
        label: '拉合闸控制',
        children: [expect.objectContaining({ label: '远程拉合闸' })],
      },
    ]);
    const page = await t.call<Page<Record<string, unknown>>>(
      '/api/dlms/Read',
      { version: '1.1', pageSize: 100 },
      admin,
    );
    const row = (type: number, obis: string) =>
      page.result.data.find((r) => r.type === type && r.obis === obis);
    expect(row(0, '1.0.1.8.0.255')).toMatchObject({
      classId: 3,
      attributeMethod: '2',
      analysisFormat: 'scaler',
    });
    expect(row(0, '0.0.1.0.0.255')).toMatchObject({ classId: 8, nameES: 'Reloj' });
    expect(row(2, '0.0.96.3.10.255')).toMatchObject({
      classId: 70,
      attributeMethod: 'm1',
      entry: 'm1:Disconnect,m2:Reconnect',
    });
    expect(row(3, '0.0.19.40.0.255')).toMatchObject({ classId: 115, typeEN: 'Token', nameFR: 'Jeton STS' });
    expect(row(0, '0.0.19.0.0.255')).toMatchObject({ classId: 111 });
    expect(row(0, '1.0.99.1.0.255')).toMatchObject({ classId: 7, nameEN: 'Load profile' });
    // The token tree's item id is the catalogue id a GPRS task names as its protocolId.
    const token = await t.call<Dlt645TreeNode[]>(
      '/api/dlms/ReadDLMSTree',
      { lang: 'es', version: '1.1', type: 3 },
      admin,
    );
    expect(token.result[0]?.children).toEqual([
      { id: String(row(3, '0.0.19.40.0.255')?.dlmsId), label: 'Token STS', children: [] },
    ]);
    const found = await t.call<Page<Record<string, unknown>>>(
      '/api/dlms/Read',
      { searchTerm: '负荷曲线' },
      admin,
    );
    expect(found.result.data.map((r) => r.obis)).toEqual(['1.0.99.1.0.255']);
  });

  it('requires lang on the tree, like the original', async ({ t, admin }) => {
    const res = await t.post('/api/dlms/ReadDLMSTree', { version: '1.1', type: 0 }, admin);
    expect(res.statusCode).toBe(400);
  });

  it('creates, updates and deletes items all or nothing, audited', async ({ t, admin }) => {
    const item = {
      version: '1.1',
      type: 0,
      classId: 3,
      obis: '1-0:1.8.1*255',
      format: 'double-long-unsigned',
      nameEN: 'Active energy T1',
      typeEN: 'Energy Registers',
    };
    const created = await t.call<Record<string, unknown>[]>('/api/dlms/Create', [item], admin);
    expect(created.code).toBe(0);
    expect(created.result[0]).toMatchObject({
      obis: '1.0.1.8.1.255',
      attributeMethod: '2',
      nameEN: 'Active energy T1',
      version: '1.1',
    });

    const dup = await unchangedBy(t.database, () =>
      t.call(
        '/api/dlms/Create',
        [
          { ...item, obis: '1.0.1.8.2.255' },
          { ...item, obis: '1.0.1.8.1.255' },
        ],
        admin,
      ),
    );
    expect(dup.code).not.toBe(0);
    expect(dup.reason).toMatch(/already exists/);
    const bad = await unchangedBy(t.database, () =>
      t.post('/api/dlms/Create', [{ ...item, obis: '1.0.1.8.256.255' }], admin),
    );
    expect(bad.statusCode).toBe(400);
    const method = await unchangedBy(t.database, () =>
      t.call('/api/dlms/Create', [{ ...item, obis: '1.0.1.8.3.255', attributeMethod: 'm1' }], admin),
    );
    expect(method.reason).toMatch(/only a control or token item invokes a method/);

    const updated = await t.call<Record<string, unknown>[]>(
      '/api/dlms/Update',
      [{ version: '1.1', type: 0, classId: 3, obis: '1.0.1.8.1.255', nameZH: '正向有功费率1' }],
      admin,
    );
    expect(updated.result[0]).toMatchObject({
      nameZH: '正向有功费率1',
      nameEN: 'Active energy T1',
      format: 'double-long-unsigned',
    });
    const logs = await t.auditRows();
    expect(logs.filter((l) => l.title === 'DLMS').map((l) => l.action)).toEqual(['Create', 'Update']);

    const deleted = await t.call<unknown[]>(
      '/api/dlms/Delete',
      [{ version: '1.1', type: 0, obis: '1.0.1.8.1.255' }],
      admin,
    );
    expect(deleted.result).toHaveLength(1);
    const again = await t.call(
      '/api/dlms/Delete',
      [{ version: '1.1', type: 0, obis: '1.0.1.8.1.255' }],
      admin,
    );
    expect(again.reason).toMatch(/not found/);
  });

  it('refuses catalogue changes from a station user even with the key', async ({ t, admin }) => {
    await t.call('/api/station/create', [{ stationId: 'NORTH', name: 'North' }], admin);
    const token = await userWithRole(t, { userId: 'northdlms', content: 'Setting.Item', stationId: 'NORTH' });
    const tree = await t.call('/api/dlms/ReadDLMSTree', { lang: 'en', version: '1.1', type: 0 }, token);
    expect(tree.code).toBe(0);
    await unchangedBy(t.database, () =>
      expectRefusals(t, token, [
        [
          '/api/dlms/Update',
          [{ version: '1.1', type: 0, classId: 8, obis: '0.0.1.0.0.255', remark: 'x' }],
          403,
        ],
      ]),
    );
  });
});

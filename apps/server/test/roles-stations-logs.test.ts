import { describe, expect } from 'vitest';
import { fingerprint } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit, userWithRole, withDemoData } from './harness.js';

const it = apiTest(withDemoData);

describe('roles', () => {
  it('stores content as the comma-separated key list and audits before/after', async ({ t, admin }) => {
    const created = await t.call<{ content: string }[]>(
      '/api/role/create',
      [
        {
          roleId: 'cashier',
          name: 'Cashier',
          content: ' Token.CreditToken , TokenRecord.CreditTokenRecord,Token.CreditToken',
        },
      ],
      admin,
    );
    expect(created.result[0]!.content).toBe('Token.CreditToken,TokenRecord.CreditTokenRecord');
    const updated = await t.call<{ content: string }[]>(
      '/api/role/update',
      [{ roleId: 'cashier', name: 'Cashier', content: 'Token.CreditToken' }],
      admin,
    );
    expect(updated.result[0]!.content).toBe('Token.CreditToken');
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ title: 'Role', action: 'Update' });
    expect(audit.before.content).toBe('Token.CreditToken,TokenRecord.CreditTokenRecord');
    expect(audit.after.content).toBe('Token.CreditToken');
  });

  it('a role change takes effect on the next request of its users', async ({ t, admin }) => {
    const token = await userWithRole(t, { userId: 'auditor', content: 'Setting.Log', roleId: 'auditor' });
    expect((await t.call('/api/Log/read', {}, token)).code).toBe(0);
    await t.call(
      '/api/role/update',
      [{ roleId: 'auditor', name: 'auditor', content: 'Setting.Station' }],
      admin,
    );
    expect((await t.call('/api/Log/read', {}, token)).status).toBe(403);
    const info = await t.call<{ roleContent: string }>('/api/user/info', undefined, token);
    expect(info.result.roleContent).toBe('Setting.Station');
  });

  it('refuses unknown keys, duplicates, deleting a role in use, and granting keys you lack', async ({
    t,
    admin,
  }) => {
    const before = await fingerprint(t.database);
    await expectRefusals(t, admin, [
      ['/api/role/create', [{ roleId: 'bad', name: 'bad', content: 'Token.Typo' }], 400],
      [
        '/api/role/create',
        [
          { roleId: 'dupe', name: 'a' },
          { roleId: 'DUPE', name: 'b' },
        ],
        /duplicate/,
      ],
      ['/api/role/create', [{ roleId: 'vendor', name: 'again' }], /already exists/],
      ['/api/role/delete', [{ roleId: 'vendor' }], /held by users/],
    ]);
    const roleAdmin = await userWithRole(t, {
      userId: 'north_roles',
      content: 'Setting.Role',
      stationId: 'NORTH',
    });
    const afterSetup = await fingerprint(t.database);
    await expectRefusals(t, roleAdmin, [
      ['/api/role/create', [{ roleId: 'mega', name: 'mega', content: 'Setting.Role,Setting.User' }], 403],
      ['/api/role/update', [{ roleId: 'admin', name: 'admin', content: '' }], 403],
    ]);
    expect(await fingerprint(t.database)).toEqual(afterSetup);
    expect(before).not.toEqual(afterSetup);
  });

  it('lists, searches and deletes an unused role', async ({ t, admin }) => {
    await t.call('/api/role/create', [{ roleId: 'temp', name: 'Temporary', content: '' }], admin);
    const read = await t.call<{ total: number; data: { roleId: string }[] }>(
      '/api/role/read',
      { searchTerm: 'tempor' },
      admin,
    );
    expect(read.result.data.map((r) => r.roleId)).toEqual(['temp']);
    expect((await t.call('/api/role/delete', [{ roleId: 'temp' }], admin)).code).toBe(0);
    expect((await lastAudit(t)).action).toBe('Delete');
    expect(
      (await t.call<{ hiddenRole: string }>('/api/role/ReadDataRole', {}, admin)).result.hiddenRole,
    ).toBe('');
  });
});

describe('stations', () => {
  it('creates, renames and deletes an empty station, with audit rows', async ({ t, admin }) => {
    expect((await t.call('/api/station/create', [{ stationId: 'EAST', name: 'East' }], admin)).code).toBe(0);
    const upd = await t.call<{ name: string }[]>(
      '/api/station/update',
      [{ stationId: 'EAST', name: 'East Side' }],
      admin,
    );
    expect(upd.result[0]!.name).toBe('East Side');
    const audit = await lastAudit(t);
    expect(audit.before.name).toBe('East');
    expect(audit.after.name).toBe('East Side');
    expect((await t.call('/api/station/delete', [{ stationId: 'EAST' }], admin)).code).toBe(0);
  });

  it('refuses deleting the system station or one with users', async ({ t, admin }) => {
    await expectRefusals(t, admin, [
      ['/api/station/delete', [{ stationId: '0001' }], /system station/],
      ['/api/station/delete', [{ stationId: 'NORTH' }], /still has users/],
    ]);
  });

  it('a station user sees only their station and cannot manage stations', async ({ t }) => {
    const token = await userWithRole(t, {
      userId: 'south_st',
      content: 'Setting.Station',
      stationId: 'SOUTH',
    });
    const read = await t.call<{ data: { stationId: string }[] }>('/api/station/read', {}, token);
    expect(read.result.data.map((s) => s.stationId)).toEqual(['SOUTH']);
    expect((await t.call('/api/station/create', [{ stationId: 'WEST', name: 'W' }], token)).status).toBe(403);
  });
});

describe('log', () => {
  it('lists the audit trail newest first with filters, and never shows a secret', async ({ t, admin }) => {
    const all = await t.call<{
      total: number;
      data: { logId: string; title: string; action: string; createDate: string }[];
    }>('/api/Log/read', { pageSize: 500 }, admin);
    expect(all.result.total).toBeGreaterThan(10);
    const ids = all.result.data.map((r) => Number(r.logId));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const roles = await t.call<{ data: { title: string }[] }>('/api/Log/read', { title: 'Role' }, admin);
    expect(roles.result.data.length).toBeGreaterThan(0);
    expect(roles.result.data.every((r) => r.title === 'Role')).toBe(true);
    const logins = await t.call<{ data: { action: string }[] }>(
      '/api/Log/read',
      { action: 'Login', orderBy: 'logId asc' },
      admin,
    );
    expect(logins.result.data.every((r) => /Login/.test(r.action))).toBe(true);
    const text = JSON.stringify(all);
    for (const s of ['Admin#Pass-2026', 'Auth#Pass-2026', 'User#Pass-2026', 'Demo#Pass-2026', '$argon2']) {
      expect(text).not.toContain(s);
    }
  });

  it('a station user sees only the log rows of their station', async ({ t }) => {
    const token = await userWithRole(t, { userId: 'north_log', content: 'Setting.Log', stationId: 'NORTH' });
    await t.call('/api/user/info', undefined, token);
    const read = await t.call<{ data: { stationId: string }[] }>('/api/Log/read', { pageSize: 500 }, token);
    expect(read.result.data.length).toBeGreaterThan(0);
    expect(read.result.data.every((r) => r.stationId === 'NORTH')).toBe(true);
  });
});

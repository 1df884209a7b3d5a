import type { UserRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, lastAudit, userWithRole, withDemoData } from './harness.js';
import type { Page } from './masterdata-fixtures.js';

const it = apiTest(withDemoData);

describe('users', () => {
  it('creates, reads, updates and deletes, auditing each with before and after and no secret', async ({
    t,
    admin,
  }) => {
    const create = await t.call<UserRow[]>(
      '/api/user/create',
      [
        {
          userId: 'amina',
          nickName: 'Amina',
          email: 'amina@example.com',
          roleId: 'vendor',
          stationId: 'NORTH',
          quota: 120.5,
          password: 'Amina#Pass-1',
          authorizationPassword: 'Amina#Auth-1',
        },
      ],
      admin,
    );
    expect(create.code).toBe(0);
    expect(create.result[0]).toMatchObject({
      userId: 'amina',
      roleIds: ['vendor'],
      quota: 120.5,
      remainingQuota: 120.5,
    });
    let audit = await lastAudit(t);
    expect(audit).toMatchObject({ title: 'User', action: 'Create', userId: 'admin', stationId: '0001' });
    expect(audit.contentBefore).toBeNull();
    expect(audit.after.userId).toBe('amina');

    const update = await t.call<UserRow[]>(
      '/api/user/update',
      [{ userId: 'amina', nickName: 'Amina B.', roleId: 'vendor', stationId: 'NORTH', quota: -1 }],
      admin,
    );
    expect(update.result[0]).toMatchObject({ nickName: 'Amina B.', quota: -1, remainingQuota: -1 });
    audit = await lastAudit(t);
    expect(audit.action).toBe('Update');
    expect(audit.before.nickName).toBe('Amina');
    expect(audit.after.nickName).toBe('Amina B.');

    const del = await t.call<UserRow[]>('/api/user/delete', [{ userId: 'amina' }], admin);
    expect(del.result.map((u) => u.userId)).toEqual(['amina']);
    audit = await lastAudit(t);
    expect(audit.action).toBe('Delete');
    expect(audit.before.userId).toBe('amina');

    const all = JSON.stringify(await t.auditRows());
    for (const secret of ['Amina#Pass-1', 'Amina#Auth-1', '$argon2', 'Demo#Pass-2026'])
      expect(all).not.toContain(secret);
    expect(JSON.stringify(create)).not.toMatch(/argon2|passwordHash/);
  });

  it('pages, filters, searches and sorts on the server', async ({ t, admin }) => {
    const page = (pageNumber: number) =>
      t.call<Page<UserRow>>('/api/user/read', { pageSize: 2, pageNumber, orderBy: 'userId asc' }, admin);
    const p1 = await page(1);
    const p2 = await page(2);
    expect(p1.result.total).toBeGreaterThanOrEqual(6);
    expect(p1.result.data).toHaveLength(2);
    const ids = [...p1.result.data, ...p2.result.data].map((u) => u.userId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(4);

    const desc = await t.call<Page<UserRow>>('/api/user/read', { orderBy: 'userId desc' }, admin);
    expect(desc.result.data[0]!.userId).toBe([...desc.result.data.map((u) => u.userId)].sort().at(-1));

    const search = await t.call<Page<UserRow>>('/api/user/read', { searchTerm: 'vendor' }, admin);
    expect(search.result.data.map((u) => u.userId).sort()).toEqual([
      'CENTRAL_VENDOR 1',
      'NORTH_VENDOR 1',
      'SOUTH_VENDOR 1',
    ]);
    const byStation = await t.call<Page<UserRow>>('/api/user/read', { stationId: 'NORTH' }, admin);
    expect(byStation.result.data.map((u) => u.userId)).toEqual(['NORTH_VENDOR 1']);
    const byRole = await t.call<Page<UserRow>>('/api/user/read', { roleId: 'operator' }, admin);
    expect(byRole.result.total).toBe(1);
    const range = await t.call<Page<UserRow>>(
      '/api/user/read',
      { createDateRange: ['2000-01-01 00:00:00', '2001-01-01 00:00:00'] },
      admin,
    );
    expect(range.result.total).toBe(0);
    const badRange = await t.call('/api/user/read', { createDateRange: ['2000-13-01', null] }, admin);
    expect(badRange.status).toBe(400);
  });

  it('rejects a whole batch when one row is bad, and names the problem', async ({ t, admin }) => {
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        [
          '/api/user/import',
          [
            { userId: 'x1', roleId: 'vendor', stationId: 'NORTH' },
            { userId: 'X1', roleId: 'vendor', stationId: 'NORTH' },
          ],
          /duplicate lines/,
        ],
        [
          '/api/user/import',
          [
            { userId: 'x2', roleId: 'vendor', stationId: 'NORTH' },
            { userId: 'editor', roleId: 'vendor', stationId: 'NORTH' },
          ],
          /already exists: editor/,
        ],
        [
          '/api/user/create',
          [
            { userId: 'x3', roleId: 'vendor', stationId: 'NORTH' },
            { userId: 'x4', roleId: 'vendor', stationId: 'MOON' },
          ],
          /Station not found: MOON/,
        ],
        [
          '/api/user/create',
          [{ userId: 'x5', roleId: 'ghost', stationId: 'NORTH' }],
          /Role not found: ghost/,
        ],
        ['/api/user/create', [{ userId: 'x6', roleId: 'vendor', stationId: 'NORTH', email: 'nope' }], 400],
      ]),
    );

    const good = await t.call<UserRow[]>(
      '/api/user/import',
      [
        { userId: 'imp1', roleId: 'vendor', stationId: 'SOUTH' },
        { userId: 'imp2', roleId: 'vendor', stationId: 'SOUTH' },
      ],
      admin,
    );
    expect(good.result.map((u) => u.userId)).toEqual(['imp1', 'imp2']);
    expect((await t.auditRows()).filter((r) => r.action === 'Import')).toHaveLength(2);
  });

  it('scopes a station user to their own station, for reads and writes', async ({ t }) => {
    const token = await userWithRole(t, {
      userId: 'north_admin',
      content: 'Setting.User,Token.CreditToken,TokenRecord.CreditTokenRecord',
      stationId: 'NORTH',
      roleId: 'station_admin',
    });
    const read = await t.call<Page<UserRow>>('/api/user/read', { pageSize: 100 }, token);
    expect(read.result.data.every((u) => u.stationId === 'NORTH')).toBe(true);
    expect(read.result.data.map((u) => u.userId)).toContain('NORTH_VENDOR 1');
    const other = await t.call<Page<UserRow>>('/api/user/read', { stationId: 'SOUTH' }, token);
    expect(other.result.total).toBe(0);

    await unchangedBy(t.database, () =>
      expectRefusals(t, token, [
        ['/api/user/create', [{ userId: 'spy', roleId: 'vendor', stationId: 'SOUTH' }], 403],
        ['/api/user/update', [{ userId: 'SOUTH_VENDOR 1', roleId: 'vendor', stationId: 'NORTH' }], 403],
        ['/api/user/reset', { userId: 'SOUTH_VENDOR 1' }, 403],
        // No escalation: a station administrator cannot hand out the admin role.
        [
          '/api/user/create',
          [{ userId: 'boss', roleId: 'admin', stationId: 'NORTH' }],
          [403, /cannot grant/],
        ],
      ]),
    );

    const own = await t.call(
      '/api/user/create',
      [{ userId: 'north2', roleId: 'vendor', stationId: 'NORTH' }],
      token,
    );
    expect(own.code).toBe(0);
  });

  it("refuses to delete or disable yourself, and deleting ends the user's sessions", async ({ t, admin }) => {
    await expectRefusals(t, admin, [
      ['/api/user/delete', [{ userId: 'admin' }], /yourself/],
      ['/api/user/update', [{ userId: 'admin', roleId: 'admin', stationId: '0001', status: 1 }], /yourself/],
    ]);
    const victim = await userWithRole(t, { userId: 'temp', content: 'Setting.Log' });
    expect((await t.call('/api/user/delete', [{ userId: 'temp' }], admin)).code).toBe(0);
    expect((await t.call('/api/user/info', undefined, victim)).status).toBe(401);
  });
});

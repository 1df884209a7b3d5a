import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { roles } from '../src/db/schema.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, userWithRole } from './harness.js';
import { createStations } from './masterdata-fixtures.js';

/** The stations, a station administrator of NORTH (the tests get its token as `prepared.northAdmin`) and a system role. */
const it = apiTest(async (t, admin) => {
  await createStations(t, admin);
  const northAdmin = await userWithRole(t, {
    userId: 'north_admin',
    content: 'Setting.Role,Setting.User,Setting.Log',
    stationId: 'NORTH',
  });
  // A system role with a key the station administrator holds (so only the ownership rules refuse).
  const sys = await t.call(
    '/api/role/create',
    [{ roleId: 'sys_log', name: 'Logs', content: 'Setting.Log' }],
    admin,
  );
  if (sys.code !== 0) throw new Error(sys.reason);
  return { northAdmin };
});

const userRow = (over: Record<string, unknown>) => ({
  userId: 'north_admin',
  roleId: 'role_north_admin',
  stationId: 'NORTH',
  status: 0,
  ...over,
});

describe('separation of duty', () => {
  it('no one changes their own quota, roles or station; another administrator may', async ({
    t,
    admin,
    prepared: { northAdmin },
  }) => {
    await unchangedBy(t.database, async () => {
      for (const [change, word] of [
        [{ quota: 100000 }, 'quota'],
        [{ roleIds: ['sys_log'] }, 'roles'],
      ] as const) {
        const res = await t.call('/api/user/update', [userRow(change)], northAdmin);
        expect(res.status).toBe(403);
        expect(res.reason).toMatch(new RegExp(`cannot change your own ${word}`));
      }
      // A system administrator may move anyone to another station, except themselves.
      const self = await t.call(
        '/api/user/update',
        [{ userId: 'admin', roleId: 'admin', stationId: 'NORTH', status: 0 }],
        admin,
      );
      expect(self.status).toBe(403);
      expect(self.reason).toMatch(/cannot change your own station/);
    });
    // Their own profile fields stay theirs to edit; and the system administrator sets their quota.
    expect((await t.call('/api/user/update', [userRow({ nickName: 'North' })], northAdmin)).code).toBe(0);
    expect((await t.call('/api/user/update', [userRow({ quota: 500 })], admin)).code).toBe(0);
  });

  it('a station administrator edits only roles of their station that no other station uses', async ({
    t,
    admin,
    prepared: { northAdmin },
  }) => {
    const create = await t.call(
      '/api/role/create',
      [{ roleId: 'north_clerk', name: 'Clerk', content: 'Setting.Log' }],
      northAdmin,
    );
    expect(create.code).toBe(0);
    const [row] = await t.database.db.select().from(roles).where(eq(roles.roleId, 'north_clerk'));
    expect(row?.stationId).toBe('NORTH');
    const edit = (roleId: string, token = northAdmin) =>
      t.call('/api/role/update', [{ roleId, name: roleId, content: 'Setting.Log' }], token);
    expect((await edit('north_clerk')).code).toBe(0);

    // A system role and the role they hold are out of reach.
    expect((await edit('sys_log')).reason).toMatch(/belongs to the system: only a system administrator/);
    const own = await edit('role_north_admin');
    expect(own.status).toBe(403);

    // Once a user of another station holds it, only a system administrator may change it.
    await userWithRole(t, {
      userId: 'south_clerk',
      content: 'Setting.Log',
      roleId: 'north_clerk',
      stationId: 'SOUTH',
    });
    const shared = await edit('north_clerk');
    expect(shared.status).toBe(403);
    expect(shared.reason).toMatch(/held by users of another station/);
    expect((await t.call('/api/role/delete', [{ roleId: 'north_clerk' }], northAdmin)).status).toBe(403);
    expect((await edit('north_clerk', admin)).code).toBe(0);
  });

  it('the meter test token key does not list accounts; a vending key does', async ({ t }) => {
    const tester = await userWithRole(t, { userId: 'tester', content: 'Token.MeterTestToken' });
    expect((await t.call('/api/account/read', {}, tester)).status).toBe(403);
    const cashier = await userWithRole(t, { userId: 'cashier', content: 'Token.CreditToken' });
    expect((await t.call('/api/account/read', {}, cashier)).code).toBe(0);
  });
});

import { PermissionGroups } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { roles, stations, userRoles, users } from '../db/schema.js';
import { writeAudit } from '../kernel/audit.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { announce, SYSTEM_STATION } from './bootstrap.js';
import { DEMO_CATALOGUE } from './demo-catalogue.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoMasterData } from './demo-masterdata.js';

const G = PermissionGroups;

/** Demo roles: what a utility's staff typically split between them. */
export const DEMO_ROLES = [
  {
    roleId: 'editor',
    name: 'editor',
    remark: 'Master data and settings',
    content: [
      ...G.Management,
      'Setting.Station',
      'Setting.User',
      'Setting.Log',
      'Setting.Item',
      'Setting.Image',
    ],
  },
  {
    roleId: 'vendor',
    name: 'vendor',
    remark: 'Cashier in a vending office',
    // The cash-up (TokenRecord.CashUp) is the supervisor's: an administrator grants it where a cashier
    // balances their own shift.
    content: ['Token.CreditToken', 'TokenRecord.CreditTokenRecord'],
  },
  {
    roleId: 'operator',
    name: 'operator',
    remark: 'Field and head-end operations',
    content: [
      ...G.RemoteMeterTask,
      ...G.RemoteMeterTaskRecord,
      ...G.AutomaticMeterReading,
      ...G.PrepayReport,
      'Management.Meter',
      'Management.Gateway',
    ],
  },
];

const DEMO_USERS = [
  {
    userId: 'editor',
    nickName: 'Esther',
    fullName: 'Esther Okafor',
    roleId: 'editor',
    stationId: SYSTEM_STATION,
  },
  {
    userId: 'operator',
    nickName: 'Omar',
    fullName: 'Omar Haddad',
    roleId: 'operator',
    stationId: SYSTEM_STATION,
  },
  {
    userId: 'NORTH_VENDOR 1',
    nickName: 'Nadia',
    fullName: 'Nadia Bello',
    roleId: 'vendor',
    stationId: 'NORTH',
    quota: 5000,
  },
  {
    userId: 'CENTRAL_VENDOR 1',
    nickName: 'Chen',
    fullName: 'Chen Wei',
    roleId: 'vendor',
    stationId: 'CENTRAL',
    quota: 5000,
  },
  {
    userId: 'SOUTH_VENDOR 1',
    nickName: 'Sipho',
    fullName: 'Sipho Dlamini',
    roleId: 'vendor',
    stationId: 'SOUTH',
  },
];

/** Demo data for a first start (SEED=demo). Later modules add theirs here. Runs once: only on an empty catalogue. */
export async function seedDemo(db: Db, config: Config): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(stations);
  if (Number(n) > 1) {
    // A database seeded before the master data existed gets it now (once: a flag records it).
    await seedDemoMasterData(db, config);
    await seedDemoHistory(db, new Date(), config.demoTheftPercent);
    return;
  }
  const { password, authorization } = demoPasswords(config);
  const passwordHash = await hashPassword(password);
  const authorizationPasswordHash = await hashPassword(authorization);
  await db.transaction(async (tx) => {
    await tx
      .insert(stations)
      .values(DEMO_CATALOGUE.stations.map((s) => ({ ...s, createId: 'system' })))
      .onConflictDoNothing();
    await tx
      .insert(roles)
      .values(DEMO_ROLES.map((r) => ({ ...r, content: r.content.join(','), createId: 'system' })))
      .onConflictDoNothing();
    for (const u of DEMO_USERS) {
      const quota = 'quota' in u && u.quota ? u.quota * 10 : null;
      await tx
        .insert(users)
        .values({
          ...u,
          passwordHash,
          authorizationPasswordHash,
          mustChangePassword: !config.demoPassword,
          totalQuotaUnits: quota,
          remainingQuotaUnits: quota,
          createId: 'system',
        })
        .onConflictDoNothing();
      await tx.insert(userRoles).values({ userId: u.userId, roleId: u.roleId }).onConflictDoNothing();
    }
    await writeAudit(
      tx,
      { userId: 'system', stationId: SYSTEM_STATION, ipAddress: null },
      {
        title: 'System',
        action: 'SeedDemo',
        content: `${DEMO_CATALOGUE.stations.length} stations, ${DEMO_USERS.length} users`,
      },
    );
  });
  await seedDemoMasterData(db, config);
  await seedDemoHistory(db, new Date(), config.demoTheftPercent);
  const lines = [
    ...(config.demoPassword ? [] : [`Their one-time login password (change it at first login): ${password}`]),
    ...(config.demoAuthorizationPassword ? [] : [`Their authorization password: ${authorization}`]),
  ];
  if (lines.length) announce([`Demo users: ${DEMO_USERS.map((u) => u.userId).join(', ')}`, ...lines]);
}

/**
 * The demo users' two secrets: DEMO_PASSWORD and DEMO_AUTHORIZATION_PASSWORD, each generated when
 * absent. They never match (the password policy forbids equal login and authorization passwords).
 */
export function demoPasswords(config: Config): { password: string; authorization: string } {
  const password = config.demoPassword ?? generatePassword();
  let authorization = config.demoAuthorizationPassword ?? generatePassword();
  if (authorization === password) {
    if (config.demoAuthorizationPassword) {
      throw new Error('DEMO_AUTHORIZATION_PASSWORD must differ from DEMO_PASSWORD');
    }
    authorization = generatePassword();
  }
  return { password, authorization };
}

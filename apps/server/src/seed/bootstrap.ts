import { ALL_PERMISSION_KEYS } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { roles, stations, userRoles, users } from '../db/schema.js';
import { writeAudit } from '../kernel/audit.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { seedDlt645Catalogue } from '../modules/dlt645-item/index.js';

export const SYSTEM_STATION = '0001';
export const ADMIN_ROLE = 'admin';
export const ADMIN_USER = 'admin';

const system = { userId: 'system', stationId: SYSTEM_STATION, ipAddress: null };

/** Prints a secret once, on the console — never through the structured log, which may be shipped elsewhere. */
export function announce(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '*'.repeat(width);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `* ${l.padEnd(width - 4)} *`).join('\n')}\n${bar}\n\n`);
}

/**
 * First start on an empty database: the system station, the admin role and the admin user. There is no
 * default password: it comes from ADMIN_PASSWORD or is generated, printed once, and must be changed.
 * Safe when several processes start at once: only the one whose insert lands prints anything.
 */
export async function bootstrap(db: Db, config: Config): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (Number(n) > 0) return false;
  const password = config.adminPassword ?? generatePassword();
  const authorization = config.adminAuthorizationPassword ?? generatePassword();
  const [passwordHash, authorizationPasswordHash] = [
    await hashPassword(password),
    await hashPassword(authorization),
  ];
  const created = await db.transaction(async (tx) => {
    await tx
      .insert(stations)
      .values({
        stationId: SYSTEM_STATION,
        name: 'Headquarters',
        isSystem: true,
        remark: 'System',
        createId: 'system',
      })
      .onConflictDoNothing();
    await tx
      .insert(roles)
      .values({
        roleId: ADMIN_ROLE,
        name: 'admin',
        content: ALL_PERMISSION_KEYS.join(','),
        createId: 'system',
      })
      .onConflictDoNothing();
    const inserted = await tx
      .insert(users)
      .values({
        userId: ADMIN_USER,
        nickName: 'Administrator',
        fullName: 'System Administrator',
        roleId: ADMIN_ROLE,
        stationId: SYSTEM_STATION,
        passwordHash,
        authorizationPasswordHash,
        mustChangePassword: !config.adminPassword,
        createId: 'system',
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    if (inserted.length === 0) return false;
    await tx.insert(userRoles).values({ userId: ADMIN_USER, roleId: ADMIN_ROLE }).onConflictDoNothing();
    await seedDlt645Catalogue(tx);
    await writeAudit(tx, system, {
      title: 'User',
      action: 'Bootstrap',
      after: { userId: ADMIN_USER, roleId: ADMIN_ROLE },
    });
    return true;
  });
  if (created) {
    const lines = [`First start: user "${ADMIN_USER}" created.`];
    if (!config.adminPassword) lines.push(`Login password (change it at first login): ${password}`);
    if (!config.adminAuthorizationPassword) lines.push(`Authorization password: ${authorization}`);
    if (lines.length > 1) announce([...lines, 'These are shown once and never stored in clear.']);
  }
  return created;
}

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who created and last changed a row, and when (the original's common audit fields). */
const auditColumns = {
  remark: text('remark'),
  createId: text('create_id'),
  createDate: ts('create_date').notNull().defaultNow(),
  updateId: text('update_id'),
  updateDate: ts('update_date'),
};

/** Server-wide values that every process must share (e.g. the JWT signing secret). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const stations = pgTable('stations', {
  stationId: text('station_id').primaryKey(),
  name: text('name').notNull(),
  /** Users of a system station administer every station. */
  isSystem: boolean('is_system').notNull().default(false),
  ...auditColumns,
});

export const roles = pgTable('roles', {
  roleId: text('role_id').primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull().default(''),
  ...auditColumns,
});

export const users = pgTable(
  'users',
  {
    userId: text('user_id').primaryKey(),
    nickName: text('nick_name'),
    fullName: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    introduction: text('introduction'),
    avatar: text('avatar'),
    /** 0 enable, 1 disable. */
    status: integer('status').notNull().default(0),
    /** The role a login starts with; the user may switch to any role in user_roles. */
    roleId: text('role_id')
      .notNull()
      .references(() => roles.roleId),
    stationId: text('station_id')
      .notNull()
      .references(() => stations.stationId),
    passwordHash: text('password_hash').notNull(),
    authorizationPasswordHash: text('authorization_password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** Vending quota in 0.1 kWh units; null = no limit. */
    totalQuotaUnits: bigint('total_quota_units', { mode: 'number' }),
    remainingQuotaUnits: bigint('remaining_quota_units', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [index('users_station_idx').on(t.stationId), index('users_role_idx').on(t.roleId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.roleId),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** One row per issued token: logout, expiry and idle time end it here, whatever the JWT says. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: text('role_id').notNull(),
    ipAddress: text('ip_address'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The audit trail: one row per change, written in the same transaction as the change. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    action: text('action').notNull(),
    content: text('content'),
    contentBefore: text('content_before'),
    contentAfter: text('content_after'),
    ipAddress: text('ip_address'),
    userId: text('user_id'),
    stationId: text('station_id'),
    createDate: ts('create_date').notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_logs_date_idx').on(t.createDate),
    index('audit_logs_station_idx').on(t.stationId, t.createDate),
  ],
);

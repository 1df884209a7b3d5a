import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, bigNumber, createdColumns, lastWrittenDate, ts } from './columns.js';

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

/**
 * A station's own master data (gateways, customers, meters, feeders, …): the owning station, then the audit
 * columns. A function declaration, like meterRowKey: the schema-*.ts files this module re-exports run
 * before its body, and a hoisted function is already there for them (the references are read later).
 */
export function stationRowColumns() {
  return {
    stationId: text('station_id')
      .notNull()
      .references(() => stations.stationId),
    ...auditColumns,
  };
}

export const roles = pgTable('roles', {
  roleId: text('role_id').primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull().default(''),
  /** The station a role belongs to; null = a system role, which only system administrators edit. */
  stationId: text('station_id').references(() => stations.stationId),
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
    totalQuotaUnits: bigNumber('total_quota_units'),
    remainingQuotaUnits: bigNumber('remaining_quota_units'),
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

// ---- Management and Setting master data ----

export const gateways = pgTable(
  'gateways',
  {
    /** EUI-64, upper case, "XX-XX-XX-FF-FE-XX-XX-XX". */
    gatewayId: text('gateway_id').primaryKey(),
    gatewayName: text('gateway_name'),
    /** Online flag and hourly success rate (hundredths of a percent), maintained by the head-end. */
    status: boolean('status').notNull().default(false),
    successRateBp: integer('success_rate_bp').notNull().default(0),
    /** When the head-end last heard the gateway (conn state or a relayed uplink). */
    lastSeen: ts('last_seen'),
    ...stationRowColumns(),
  },
  (t) => [index('gateways_station_idx').on(t.stationId, t.gatewayId)],
);

export const customers = pgTable(
  'customers',
  {
    customerId: text('customer_id').primaryKey(),
    customerName: text('customer_name').notNull(),
    type: integer('type').notNull().default(0),
    phone: text('phone'),
    address: text('address'),
    certifiName: text('certifi_name'),
    certifiNo: text('certifi_no'),
    ...stationRowColumns(),
  },
  (t) => [
    index('customers_station_idx').on(t.stationId, t.customerId),
    index('customers_name_idx').on(t.customerName),
  ],
);

/** A tariff block as stored: energy in 0.1 kWh units, price in minor units per kWh. */
export interface StoredStep {
  start: number;
  end: number | null;
  price: number;
}

export const tariffs = pgTable(
  'tariffs',
  {
    tariffId: text('tariff_id').primaryKey(),
    tariffName: text('tariff_name').notNull(),
    /** Money in minor units (1/100); VAT in hundredths of a percent. */
    priceMinor: bigNumber('price_minor').notNull(),
    taxBp: integer('tax_bp').notNull().default(0),
    steps: jsonb('steps').$type<StoredStep[]>().notNull().default([]),
    monthlyChargeMinor: bigNumber('monthly_charge_minor').notNull().default(0),
    billingDay: integer('billing_day').notNull().default(1),
    startTime: ts('start_time'),
    /** The passive tariff: it replaces the fields above once startTimeNew has passed. */
    startTimeNew: ts('start_time_new'),
    priceMinorNew: bigNumber('price_minor_new'),
    taxBpNew: integer('tax_bp_new'),
    stepsNew: jsonb('steps_new').$type<StoredStep[]>(),
    monthlyChargeMinorNew: bigNumber('monthly_charge_minor_new'),
    billingDayNew: integer('billing_day_new'),
    ...stationRowColumns(),
  },
  (t) => [index('tariffs_station_idx').on(t.stationId, t.tariffId)],
);

export const meters = pgTable(
  'meters',
  {
    meterId: text('meter_id').primaryKey(),
    /** 0 electricity, 1 water, 2 gas. */
    type: integer('type').notNull().default(0),
    /** 0 single-phase, 1 three-phase, 2 CT. */
    isThreePhase: integer('is_three_phase').notNull().default(0),
    communicationWay: integer('communication_way').notNull().default(1),
    /** LoRaWAN DevEUI, 16 lower-case hex digits; how the network server names the meter. */
    devEui: text('dev_eui'),
    protocolVersion: text('protocol_version'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** false unused, true used (bound by an account). */
    status: boolean('status').notNull().default(false),
    /** STS: encryption algorithm "07" (STA) or "11" (MISTY1), and the key identity. */
    ea: text('ea').notNull().default('07'),
    baseYear: integer('base_year'),
    sgc: text('sgc'),
    krn: integer('krn'),
    ken: integer('ken'),
    ti: integer('ti'),
    kt: integer('kt'),
    baseYearNew: integer('base_year_new'),
    sgcNew: text('sgc_new'),
    krnNew: integer('krn_new'),
    kenNew: integer('ken_new'),
    tiNew: integer('ti_new'),
    ktNew: integer('kt_new'),
    /** The distribution transformer that supplies the meter (revenue protection's energy balance). */
    transformerId: text('transformer_id'),
    /** A DLMS meter the head-end connects to: its address and TCP port (IEC 62056-47, 4059 by default). */
    ipAddress: text('ip_address'),
    ipPort: integer('ip_port'),
    /** The association: client SAP (wrapper source port), logical device (destination port), mechanism. */
    dlmsClientAddress: integer('dlms_client_address'),
    dlmsServerAddress: integer('dlms_server_address'),
    dlmsAuthentication: text('dlms_authentication'),
    ...stationRowColumns(),
  },
  (t) => [
    index('meters_transformer_idx').on(t.transformerId),
    index('meters_station_idx').on(t.stationId, t.meterId),
    // The grid's usual filters (station, type, used/unused) then its default order: counts and pages
    // come from the index alone.
    index('meters_station_type_idx').on(t.stationId, t.type, t.status, t.meterId),
    index('meters_type_idx').on(t.type, t.meterId),
    index('meters_create_idx').on(t.createDate),
    uniqueIndex('meters_dev_eui_idx').on(t.devEui),
  ],
);

/** The key of a table with at most one row per meter, which goes when its meter goes. */
export function meterRowKey() {
  return text('meter_id')
    .primaryKey()
    .references(() => meters.meterId, { onDelete: 'cascade' });
}

/**
 * Decoder keys, one per meter, encrypted (AES-256-GCM under the key-encryption key). Kept apart from
 * meters so no grid query ever reads the column.
 */
export const meterKeys = pgTable('meter_keys', {
  meterId: meterRowKey(),
  keyEnc: text('key_enc').notNull(),
  ea: text('ea').notNull(),
  sgc: text('sgc').notNull(),
  krn: integer('krn').notNull(),
  kt: integer('kt').notNull(),
  ti: integer('ti').notNull(),
  baseYear: integer('base_year').notNull(),
  /** "given" (typed or imported) or "DKGA02"/"DKGA04" (derived from the vending key). */
  source: text('source').notNull(),
  updateDate: lastWrittenDate(),
});

/** Vending keys per supply group and key revision, encrypted like decoder keys. */
export const vendingKeys = pgTable(
  'vending_keys',
  {
    sgc: text('sgc').notNull(),
    krn: integer('krn').notNull(),
    dkga: text('dkga').notNull(),
    baseYear: integer('base_year').notNull(),
    keyEnc: text('key_enc').notNull(),
    label: text('label'),
    /** The last day (UTC) the key is used; null: it does not expire within its base date. */
    expiresOn: date('expires_on', { mode: 'string' }),
    ...createdColumns,
  },
  (t) => [primaryKey({ columns: [t.sgc, t.krn] })],
);

/**
 * Transport keys for wrapped key import: an RSA pair per row, its private half held by the key vault
 * (`key_enc`: sealed, or the token object's name), its public half given to key suppliers.
 */
export const keyTransportKeys = pgTable('key_transport_keys', {
  keyId: text('key_id').primaryKey(),
  /** SHA-256 of the public key (SPKI DER), hex: how a supplier and an import name the key. */
  fingerprint: text('fingerprint').notNull().unique(),
  publicKeyPem: text('public_key_pem').notNull(),
  keyEnc: text('key_enc').notNull(),
  ...createdColumns,
});

export const accounts = pgTable(
  'accounts',
  {
    /** One account per meter. */
    meterId: text('meter_id')
      .primaryKey()
      .references(() => meters.meterId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    tariffId: text('tariff_id')
      .notNull()
      .references(() => tariffs.tariffId),
    ctRatio: text('ct_ratio'),
    status: boolean('status').notNull().default(false),
    ...stationRowColumns(),
  },
  (t) => [
    index('accounts_station_idx').on(t.stationId, t.customerId),
    index('accounts_customer_idx').on(t.customerId),
    index('accounts_tariff_idx').on(t.tariffId),
  ],
);

export const debts = pgTable(
  'debts',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customers.customerId),
    totalDebtMinor: bigNumber('total_debt_minor').notNull(),
    remainingDebtMinor: bigNumber('remaining_debt_minor').notNull(),
    payDebtMinor: bigNumber('pay_debt_minor').notNull().default(0),
    ...stationRowColumns(),
  },
  (t) => [index('debts_station_idx').on(t.stationId, t.customerId)],
);

/** The item dictionary, shared by every station. */
export const items = pgTable(
  'items',
  {
    itemType: text('item_type').notNull(),
    itemName: text('item_name').notNull(),
    en: text('en'),
    ar: text('ar'),
    es: text('es'),
    fr: text('fr'),
    pt: text('pt'),
    zh: text('zh'),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemName] })],
);

/** Replaceable images (login background, receipt logo): PNG bytes, base64. */
export const images = pgTable('images', {
  slot: text('slot').primaryKey(),
  dataBase64: text('data_base64').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  updateId: text('update_id'),
  updateDate: lastWrittenDate(),
});

// Key-change campaigns: a selection of meters moved to a new key revision or base date.
export * from './schema-campaigns.js';
// Channels: vendors, their float ledger, and the messages they sent.
export * from './schema-channels.js';
// Meter-data collection: the scheduler's per-meter/period markers and its leadership lease.
export * from './schema-collection.js';
// DLMS/COSEM: the data-item catalogue of DLMS meters.
export * from './schema-dlms.js';
// Firmware: uploaded images and per-meter image transfer tasks.
export * from './schema-firmware.js';
// Head-end: each meter's link (online, transport, serving gateway).
export * from './schema-headend.js';
// Meter data: interval rows (electricity, water), report summaries, alarms.
export * from './schema-meter-data.js';
// Mobile money: confirmed payments and the queue of those an operator resolves; the SMS outbox.
export * from './schema-mobile.js';
// Operations: per-session authorization proofs (vending without an argon2 check on every vend).
export * from './schema-ops.js';
// Revenue protection: feeders, transformers with their check meters, cases.
export * from './schema-revprot.js';
// Security: failed-attempt counters shared by every process.
export * from './schema-security.js';
// Remote tasks: the DL/T 645 data-item catalogue, tasks and their attempts.
export * from './schema-tasks.js';
// Vending: token records, receipt counters, per-meter TID state.
export * from './schema-vending.js';

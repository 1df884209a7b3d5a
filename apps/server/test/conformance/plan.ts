import type { OriginalOperation } from './original-document.js';

/**
 * The order the conformance run sends the original's operations in, and the values it puts in members
 * that name an entity. Everything else (which operations exist, their shapes) comes from the document.
 *
 * Master data is exercised on rows the run creates itself (create → import → read → update → delete,
 * deletes in reverse dependency order); token operations work on the seeded vendable meter.
 */

/** Tags whose writes act on rows the run creates; in dependency order (deletes run in reverse). */
export const MANAGED_TAGS = [
  'Station',
  'Role',
  'User',
  'Customer',
  'Tariff',
  'Meter',
  'Gateway',
  'Item',
  'Debt',
  'Account',
] as const;

/** The members that identify a row of each managed tag (and the rows it binds). */
const OWN_KEYS: Record<string, readonly string[]> = {
  Station: ['stationId'],
  Role: ['roleId'],
  User: ['userId', 'roleId'],
  Customer: ['customerId'],
  Tariff: ['tariffId'],
  Meter: ['meterId'],
  Gateway: ['gatewayId'],
  Item: ['itemType', 'itemName'],
  Debt: ['customerId'],
  Account: ['customerId', 'meterId', 'tariffId'],
  // A catalogue row is (version, type, flag); the run's rows sit under a version of their own.
  DLT645: ['version', 'flag'],
  DLMS: ['version', 'obis'],
};

/** Ids of rows the run creates: n = 1 for create/update/delete, 2 for import. */
const created: Record<string, (n: number) => string> = {
  stationId: (n) => `CONF-S${n}`,
  roleId: (n) => `conf-role-${n}`,
  userId: (n) => `conf-user-${n}`,
  customerId: (n) => `4799000000${n}`,
  tariffId: (n) => `CONF-T${n}`,
  meterId: (n) => `5799000000${n}`,
  gatewayId: (n) => `AA-BB-CC-FF-FE-00-00-0${n}`,
  itemType: () => 'ConformanceType',
  itemName: (n) => `Conformance${n}`,
  version: () => 'CONF',
  // An 8-hex DL/T 645-2007 identifier: the row needs no separate di.
  flag: (n) => `04FF000${n}`,
  // A manufacturer-specific OBIS code (group C 96) that no seeded row uses.
  obis: (n) => `1.0.96.99.${n}.255`,
};

export type Phase =
  | 'login'
  | 'info'
  | 'create'
  | 'import'
  | 'generate'
  | 'read'
  | 'cancel'
  | 'reread'
  | 'update'
  | 'delete'
  | 'profile'
  | 'logout';

const PHASES: Phase[] = [
  'login',
  'info',
  'create',
  'import',
  'generate',
  'read',
  'cancel',
  'reread',
  'update',
  'delete',
  'profile',
  'logout',
];

export function phaseOf(op: OriginalOperation): Phase {
  // The GPRS tasks' operations carry a prefix: GPRSCreateReadingTask is a create.
  const id = op.operationId.replace(/^GPRS(?=Create|Update|Get)/, '');
  if (id === 'Login') return 'login';
  if (id === 'Logout') return 'logout';
  if (id === 'GetUserLoginInfo') return 'info';
  // Password and profile changes touch the signed-in user: last, so earlier calls use the seeded secrets.
  if (['UpdateUserInfo', 'ModifyLoginPassword', 'ModifyAuthorizationPassword'].includes(id)) return 'profile';
  if (id === 'UpdateMeterKey' || id.startsWith('Generate')) return 'generate';
  if (id.startsWith('Cancel')) return 'cancel';
  // The cancel record exists only once the cancel has run.
  if (id === 'ReadCreditTokenCancelRecord') return 'reread';
  if (id.startsWith('Create')) return 'create';
  if (id.startsWith('Import')) return 'import';
  if (id.startsWith('Update') || id === 'ResetPassword') return 'update';
  if (id.startsWith('Delete')) return 'delete';
  return 'read';
}

const tagRank = (tag: string) => {
  const i = (MANAGED_TAGS as readonly string[]).indexOf(tag);
  return i < 0 ? MANAGED_TAGS.length : i;
};

/** Sorted for sending: by phase; creates in dependency order, deletes in reverse; otherwise document order. */
export function sendingOrder(ops: OriginalOperation[]): OriginalOperation[] {
  const indexed = ops.map((op, i) => ({ op, i }));
  const key = ({ op, i }: { op: OriginalOperation; i: number }) => {
    const phase = phaseOf(op);
    const rank = tagRank(op.tag);
    // Generate: the new key fields before the key change token that needs them.
    const within = op.operationId === 'UpdateMeterKey' ? -1 : 0;
    return [PHASES.indexOf(phase), phase === 'delete' ? -rank : rank, within, i];
  };
  return indexed
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let j = 0; j < ka.length; j++) {
        const d = (ka[j] ?? 0) - (kb[j] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    })
    .map(({ op }) => op);
}

export interface Fixture {
  adminPassword: string;
  adminAuthorizationPassword: string;
  newPassword: string;
  /** Must differ from the login password (the hardening rule), including the one the run sets. */
  newAuthorizationPassword: string;
  meterId: string;
  customerId: string;
  tariffId: string;
  /** Receipt of the credit token the run vends; the cancel uses it. */
  receiptId(): number | undefined;
  /** The task the run queued with Create<Kind>Task, by kind ("ReadingTask" …); resend acts on it. */
  taskId(kind: string): number | undefined;
  /** A DLMS meter (protocol version 1.1) and the DLMS catalogue row each GPRS task family names. */
  dlmsMeterId: string;
  dlmsItemId(kind: string): number | undefined;
}

/**
 * What each Create*Task sends for the run's meter (version 2.2 of the seeded DL/T 645 catalogue): the
 * data item and, where the kind needs one, its value — as an operator fills the original's task form.
 */
const TASK_INPUT: Record<string, Record<string, unknown>> = {
  CreateReadingTask: { flag: '901F' },
  CreateSettingTask: { flag: '04000F01', data: '12.34' },
  CreateControlTask: { flag: 'C03C' },
  CreateTokenTask: { flag: 'A120', data: '1234 5678 9012 3456 7890' },
};

/** A DL/T 645-2007 read of total energy (DI 00010000) addressed to the meter: the transparent task's frame. */
export function readFrameFor(meterId: string): string {
  const address = meterId.padStart(12, '0').match(/\d\d/g)?.reverse() ?? [];
  const bytes = [
    0x68,
    ...address.map((b) => Number.parseInt(b, 16)),
    0x68,
    0x11,
    0x04,
    0x33,
    0x33,
    0x34,
    0x33,
  ];
  const checksum = bytes.reduce((sum, b) => (sum + b) & 0xff, 0);
  return [...bytes, checksum, 0x16].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

function remoteTaskValue(op: OriginalOperation, f: Fixture, field: string): unknown {
  const phase = phaseOf(op);
  if (phase === 'update' && field === 'id') return f.taskId(op.operationId.replace(/^Update/, ''));
  if (phase !== 'create') return undefined;
  if (field === 'meterId') return f.meterId;
  if (field === 'version') return '2.2';
  if (field === 'sendFrame') return readFrameFor(f.meterId);
  return TASK_INPUT[op.operationId]?.[field];
}

/** What each GPRSCreate*Task sends besides the DLMS meter and catalogue row: the value, where one is needed. */
const GPRS_TASK_DATA: Record<string, string> = {
  GPRSCreateControlTask: 'm2',
  GPRSCreateTokenTask: '1234 5678 9012 3456 7890',
};

function gprsTaskValue(op: OriginalOperation, f: Fixture, field: string): unknown {
  const kind = op.operationId.replace(/^GPRS(Create|Update|Get)/, '');
  const phase = phaseOf(op);
  if (phase === 'update' && field === 'id') return f.taskId(`GPRS${kind}`);
  if (phase !== 'create') return undefined;
  if (field === 'meterId') return f.dlmsMeterId;
  if (field === 'protocolId') return f.dlmsItemId(kind);
  if (field === 'data') return GPRS_TASK_DATA[op.operationId] ?? null;
  return undefined;
}

/** Values by member name for one operation; undefined leaves the choice to the generator. */
export function valuesFor(op: OriginalOperation, f: Fixture): (field: string) => unknown {
  const phase = phaseOf(op);
  const own = OWN_KEYS[op.tag] ?? [];
  const n = phase === 'import' ? 2 : 1;
  const byName: Record<string, unknown> = {
    password: f.adminPassword,
    authorizationPassword: f.adminAuthorizationPassword,
    oldPassword:
      op.operationId === 'ModifyAuthorizationPassword' ? f.adminAuthorizationPassword : f.adminPassword,
    newPassword:
      op.operationId === 'ModifyAuthorizationPassword' ? f.newAuthorizationPassword : f.newPassword,
    lang: 'en',
    // The payments feed: a window wide enough for the run's vend, in the ISO form its clients send.
    FROM: '2000-01-01T00:00:00Z',
    TO: '2099-12-31T23:59:59Z',
    SITE_ID: '0001',
    pageNumber: 1,
    pageSize: 20,
    email: 'conformance@example.com',
    phone: '+2348000000000',
    content: 'Token.CreditToken,TokenRecord.CreditTokenRecord',
    // Vending: a real vend (not a preview) by money, so the run has a record to cancel and read.
    isPreview: false,
    isVendByTotalPaid: true,
    isS2: false,
    amount: 1000,
    tariffName: 'Conformance tariff',
    // The original's tariff price is a string (it reads back as sent).
    price: '350',
    name: 'Conformance',
    payDebtPercent: 0,
    totalDebt: 50,
    maximumPower: 5000,
    maximumPhasePowerUnbalance: 100,
    maximumOverdraft: 20,
    sgcNew: '654321',
    krnNew: 1,
    kenNew: 255,
    tiNew: 1,
    ktNew: 2,
    baseYearNew: 2014,
    type: 0,
    remainingQuota: 100,
  };
  return (field) => {
    if (op.operationId === 'Login' && field === 'userId') return 'admin';
    if (field === 'receiptId') return phase === 'cancel' ? f.receiptId() : undefined;
    if (op.tag === 'RemoteMeterTask') {
      const value = remoteTaskValue(op, f, field);
      if (value !== undefined) return value;
    }
    if (op.tag === 'GPRSMeterTask') {
      const value = gprsTaskValue(op, f, field);
      if (value !== undefined) return value;
    }
    // A catalogue row's write password is the meter's 6-digit one, not a login secret.
    if (op.tag === 'DLT645' && field === 'password') return '123456';
    // A DLMS row's interface class: a Register.
    if (op.tag === 'DLMS' && field === 'classId') return 3;
    if (field in byName) return byName[field];
    if (phase === 'read' || phase === 'reread') return undefined;
    if (own.includes(field)) {
      const make = created[field];
      return make?.(n);
    }
    if (field === 'stationId') return '0001';
    if (op.tag === 'Token' && field === 'meterId') return f.meterId;
    // The online state is stated for a meter that exists: the run's vendable one.
    if ((op.tag === 'GPRSOnlineStatus' || op.tag === 'UpdateFirmwareTask') && field === 'meterId') {
      return f.meterId;
    }
    if (op.tag === 'UpdateFirmwareTask' && field === 'fileName') return 'PM-DLMS-2.0.bin';
    if (field === 'roleId') return 'admin';
    if (field === 'userId') return created.userId?.(1);
    return undefined;
  };
}

/**
 * Operations that may answer a business refusal (code ≠ 0) because they need state this run cannot
 * have. Kept minimal; each says why.
 */
export const ALLOWED_REFUSALS: Record<string, string> = {
  // The document declares these multipart/form-data; the run sends JSON only, which they refuse.
  FileUpload: 'takes a multipart file',
  FileUploadBin: 'takes a multipart file',
  FileConcentratorUploadBin: 'takes a multipart file',
  // A task names an uploaded image, and the run uploads none (uploads are multipart).
  CreateUpdateFirmwareTask: 'no firmware image was uploaded in this run',
};

/**
 * Operations of built modules that are known not to conform yet, each with why. A module that lands later
 * is held to the document from its first operation on — fix what fails, or list it here with the reason
 * until it is fixed.
 */
export const KNOWN_GAPS: Record<string, string> = {};

/**
 * API paths, each spelled once (paths of the remote tasks, collection, cash-up and the DL/T 645 tree
 * live next to their schemas). The JSON endpoints in endpoints/ pair each path with its request,
 * result and permission; file and feed routes use the paths directly, and so do the modules that must
 * stay free of the schemas at run time. The original spells its resources this way; the server
 * matches paths case-insensitively.
 */
import type { ImageSlot } from './image.js';

/**
 * A grid's download: POST the grid's read body (paging ignored) to `<base>/export` and get every
 * matching row as .xlsx. `base` is the grid's API path without its read action (`/api/alarm`,
 * `/API/PrepayReport/DebtSituation`).
 */
export const exportPath = <B extends string>(base: B) => `${base}/export` as const;

/**
 * The file endpoints of a resource under `/api/<resource>` (all POST, same permission as the
 * resource's writes/reads); binary answers carry Content-Disposition, failures are JSON envelopes:
 * - importFile (the master-data modules, files.ts FILE_MODULES): multipart/form-data with one file
 *   field "file" (.xlsx; ≤ 5 MB) → the imported rows, or code ≠ 0 and a reason listing every bad row
 *   ("Row 3: meterId: Required"); nothing is written unless every row is good.
 * - template: no body → an .xlsx with the header row (the import's column names) and one example row.
 * - export: every downloadable grid's (`customer`, `token/creditTokenRecord`, `RemoteMeterTask/reading`,
 *   `DailyDataMeter/readMonthly`, …): the grid's read body → an .xlsx of every matching row.
 */
export function fileRoutes<R extends string>(resource: R) {
  return {
    importFile: `/api/${resource}/importFile`,
    template: `/api/${resource}/template`,
    export: exportPath(`/api/${resource}`),
  } as const;
}

/** A master-data resource's calls: `/api/<name>/read|create|import|update|delete`. */
export function crudPaths<N extends string>(name: N) {
  return {
    read: `/api/${name}/read`,
    create: `/api/${name}/create`,
    /** The JSON import (all or nothing); the spreadsheet upload is a file route. */
    import: `/api/${name}/import`,
    update: `/api/${name}/update`,
    delete: `/api/${name}/delete`,
  } as const;
}

export const ACCOUNT_PATHS = crudPaths('account');
export const CUSTOMER_PATHS = crudPaths('customer');
export const METER_PATHS = {
  ...crudPaths('meter'),
  /** Meters no account binds yet (the Account dialog's picker). */
  readUnused: '/api/meter/addread',
} as const;
export const GATEWAY_PATHS = crudPaths('gateway');
export const TARIFF_PATHS = crudPaths('tariff');
export const FEEDER_PATHS = crudPaths('feeder');
/** The revenue-protection findings: each a report grid with its download at `<path without /read>/export`. */
export const REVENUE_PROTECTION_PATHS = {
  transformerBalance: '/api/revenueProtection/transformerBalance/read',
  zeroBuyers: '/api/revenueProtection/zeroBuyers/read',
  consumptionBeyondCredit: '/api/revenueProtection/consumptionBeyondCredit/read',
  tamper: '/api/revenueProtection/tamper/read',
  suspects: '/api/revenueProtection/suspects/read',
} as const;
export const TRANSFORMER_PATHS = {
  ...crudPaths('transformer'),
  readMap: '/api/transformer/readMap',
} as const;
export const DEBT_PATHS = crudPaths('debt');
/** Vendors selling through the channels: the table, its download, the machine secret, the float and its ledger. */
export const VENDOR_PATHS = {
  ...crudPaths('vendor'),
  export: exportPath('/api/vendor'),
  credential: '/api/vendor/credential',
  float: '/api/vendor/float',
  statement: '/api/vendor/statement',
  statementExport: exportPath('/api/vendor/statement'),
} as const;

/** The channel sales (with each purchase's advices) and the vendors' daily reconciliation, with downloads. */
export const CHANNEL_PATHS = {
  transactions: '/api/channelTransaction/read',
  transactionsExport: exportPath('/api/channelTransaction'),
  advices: '/api/channelTransaction/advices',
  reconciliation: '/api/channelReconciliation/read',
  reconciliationExport: exportPath('/api/channelReconciliation'),
} as const;
/** Mobile-money payments and their queue; the SMS log. */
export const MOBILE_PAYMENT_PATHS = {
  read: '/api/mobilePayment/read',
  export: exportPath('/api/mobilePayment'),
  resolve: '/api/mobilePayment/resolve',
} as const;
export const SMS_PATHS = { read: '/api/sms/read', export: exportPath('/api/sms') } as const;
export const STATION_PATHS = crudPaths('station');
export const ROLE_PATHS = { ...crudPaths('role'), readDataRole: '/api/role/ReadDataRole' } as const;
/** The DL/T 645 data-item catalogue (its tree is DLT645_TREE_PATH, next to its schema). */
export const DLT645_PATHS = crudPaths('dlt645');
export const ITEM_PATHS = { ...crudPaths('item'), readList: '/api/item/readItemList' } as const;
export const USER_PATHS = {
  ...crudPaths('user'),
  reset: '/api/user/reset',
  switchRole: '/api/user/switchRole',
  login: '/api/user/login',
  logout: '/api/user/logout',
  info: '/api/user/info',
  captcha: '/api/user/captcha',
  captchaNeeded: '/api/user/captcha/needed',
  updateInfo: '/api/user/updateInfo',
  modifyLoginPassword: '/api/user/modifyLoginPassword',
  modifyAuthorizationPassword: '/api/user/modifyAuthorizationPassword',
} as const;

/** Token Generate: generate per kind, the key update and the meter test table. */
export const TOKEN_PATHS = {
  /** The payments feed for an external platform (GET, not enveloped). */
  paymentsFeed: '/api/token/creditTokenRecord/readMore',
  creditGenerate: '/api/token/creditToken/generate',
  creditCancel: '/api/token/creditTokenRecord/cancel',
  clearTamperGenerate: '/api/token/clearTamperToken/generate',
  clearCreditGenerate: '/api/token/clearCreditToken/generate',
  maximumPowerGenerate: '/api/token/setMaximumPowerLimitToken/generate',
  maximumOverdraftGenerate: '/api/token/setMaximumOverdraftLimitToken/generate',
  maximumPhaseUnbalanceGenerate: '/api/token/setMaximumPhasePowerUnbalanceLimitToken/generate',
  meterTestRead: '/api/token/meterTestToken/read',
  meterTestGenerate: '/api/token/meterTestToken/generate',
  meterKeyUpdate: '/api/token/meterKey/update',
  changeMeterKeyGenerate: '/api/token/changeMeterKeyToken/generate',
  changeMeterKeyConfirm: '/api/token/changeMeterKeyToken/confirm',
} as const;

/** Prepay reports, spelled with the original's upper-case API. */
export const PREPAY_REPORT_PATHS = {
  longNonpurchase: '/API/PrepayReport/LongNonpurchaseSituation',
  lowPurchase: '/API/PrepayReport/LowPurchaseSituation',
  debtSituation: '/API/PrepayReport/DebtSituation',
  consumptionStatistics: '/API/PrepayReport/ConsumptionStatistics',
  /** The vends that recovered part of a customer's debt (the Debt Situation row's detail). */
  debtPayments: '/API/PrepayReport/DebtSituationPayments',
} as const;

/** Frozen readings (AMR data): daily per meter, interval detail, monthly, and water/gas. */
export const DAILY_DATA_PATHS = {
  read: '/api/DailyData/read',
  meterRead: '/api/DailyDataMeter/read',
  meterReadMore: '/api/DailyDataMeter/readMore',
  meterReadMonthly: '/api/DailyDataMeter/readMonthly',
  /** Hourly readings as the integration feed answers them (GET, not enveloped). */
  meterReadHourly: '/api/DailyDataMeter/readHourly',
  waterReadMore: '/api/DailyData/readMore',
  waterReadMonthly: '/api/DailyData/readMonthly',
  /** The grids' downloads (the web names them by resource: fileRoutes('DailyDataMeter').export). */
  meterExport: exportPath('/api/DailyDataMeter'),
  meterMonthlyExport: exportPath('/api/DailyDataMeter/readMonthly'),
  export: exportPath('/api/DailyData'),
} as const;

export const ALARM_PATHS = {
  read: '/api/alarm/read',
  acknowledge: '/api/alarm/acknowledge',
  export: exportPath('/api/alarm'),
} as const;
export const DASHBOARD_PATHS = {
  panelGroup: '/api/dashboard/readPanelGroup',
  lineChart: '/api/dashboard/readLineChart',
} as const;
export const LOG_PATHS = { read: '/api/Log/read' } as const;
export const IMAGE_PATHS = {
  read: '/api/image/read',
  upload: '/api/image/upload',
  delete: '/api/image/delete',
  /** GET, public: a slot's PNG (imagePath names one slot's). */
  file: '/api/image/file/:slot',
} as const;
/** One slot's PNG (public: the login page shows the background before anyone signs in). */
export const imagePath = (slot: ImageSlot) => IMAGE_PATHS.file.replace(':slot', slot);

/** The vending keys (write-only; keystore.ts). */
export const KEYSTORE_PATHS = {
  read: '/api/keystore/vendingKey/read',
  create: '/api/keystore/vendingKey/create',
  generate: '/api/keystore/vendingKey/generate',
  delete: '/api/keystore/vendingKey/delete',
  setExpiry: '/api/keystore/vendingKey/setExpiry',
  /** A vending key wrapped by its supplier under one of the transport keys, unwrapped inside the vault. */
  importWrapped: '/api/keystore/vendingKey/importWrapped',
  transportKeys: '/api/keystore/transportKey/read',
  generateTransportKey: '/api/keystore/transportKey/generate',
} as const;

/** Token Record grids: one read per token kind, and the credit cancel. */
export const TOKEN_RECORD_PATHS = {
  credit: '/api/token/creditTokenRecord/read',
  creditCancel: '/api/token/creditTokenCancelRecord/read',
  clearTamper: '/api/token/clearTamperTokenRecord/read',
  clearCredit: '/api/token/clearCreditTokenRecord/read',
  maximumPower: '/api/token/setMaximumPowerLimitTokenRecord/read',
  maximumOverdraft: '/api/token/setMaximumOverdraftLimitTokenRecord/read',
  maximumPhaseUnbalance: '/api/token/setMaximumPhasePowerUnbalanceLimitTokenRecord/read',
  changeMeterKey: '/api/token/changeMeterKeyTokenRecord/read',
} as const;

import { fileRoutes, type PermissionKey, TokenRecordReadRequest, VendPayment } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, type RouteDef } from '../../http/route.js';
import { writeAudit } from '../../kernel/audit.js';
import { exportLanguage, headerOf, humanValue, numberFormatOf } from '../../lib/export-labels.js';
import { streamExport } from '../../lib/export-stream.js';
import { creditRecordOf, keyChangeRecordOf, managementRecordOf } from './records.js';
import { readRecords, type TokenKind, type TokenRecordRow } from './vending.repo.js';

const common = ['receiptId', 'customerId', 'customerName', 'meterId', 'meterType', 'tariffId'];
const audit = ['status', 'remark', 'createId', 'createDate', 'stationId'];
const credit = [
  ...common,
  'purchaseWay',
  'totalUnit',
  // The vend's payment, in the record's order (contracts' VendPayment group).
  ...Object.keys(VendPayment),
  'payDebt',
  'remainingDebt',
  'paymentMethod',
  'token',
  'tid',
];

/** Per record page: its path segment, kind, read key, columns and row shape. Tokens export; keys never exist here. */
const EXPORTS: {
  path: string;
  kind: TokenKind;
  permission: PermissionKey;
  title: string;
  columns: string[];
  map: (r: never) => object;
}[] = [
  {
    path: 'creditTokenRecord',
    kind: 'credit',
    permission: 'TokenRecord.CreditTokenRecord',
    title: 'Credit Token Record',
    columns: [...credit, ...audit],
    map: creditRecordOf,
  },
  {
    path: 'creditTokenCancelRecord',
    kind: 'creditCancel',
    permission: 'TokenRecord.CreditTokenCancelRecord',
    title: 'Credit Token Cancel Record',
    columns: [...credit, 'cancelReceiptId', 'cancelRemark', 'cancelId', 'cancelDate', ...audit],
    map: creditRecordOf,
  },
  {
    path: 'clearCreditTokenRecord',
    kind: 'clearCredit',
    permission: 'TokenRecord.ClearCreditTokenRecord',
    title: 'Clear Credit Token Record',
    columns: [...common, 'token', 'tid', ...audit],
    map: managementRecordOf,
  },
  {
    path: 'clearTamperTokenRecord',
    kind: 'clearTamper',
    permission: 'TokenRecord.ClearTamperTokenRecord',
    title: 'Clear Tamper Token Record',
    columns: [...common, 'token', 'tid', ...audit],
    map: managementRecordOf,
  },
  {
    path: 'setMaximumPowerLimitTokenRecord',
    kind: 'maxPower',
    permission: 'TokenRecord.SetMaximumPowerLimitTokenRecord',
    title: 'Set Maximum Power Limit Token Record',
    columns: [...common, 'maximumPower', 'token', 'tid', ...audit],
    map: managementRecordOf,
  },
  {
    path: 'setMaximumPhasePowerUnbalanceLimitTokenRecord',
    kind: 'maxPhaseUnbalance',
    permission: 'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
    title: 'Set Maximum Phase Power Unbalance Limit Token Record',
    columns: [...common, 'maximumPhasePowerUnbalance', 'token', 'tid', ...audit],
    map: managementRecordOf,
  },
  {
    path: 'setMaximumOverdraftLimitTokenRecord',
    kind: 'maxOverdraft',
    permission: 'TokenRecord.SetMaximumOverdraftTokenRecord',
    title: 'Set Maximum Overdraft Token Record',
    columns: [...common, 'maximumOverdraft', 'token', 'tid', ...audit],
    map: managementRecordOf,
  },
  {
    path: 'changeMeterKeyTokenRecord',
    kind: 'changeKey',
    permission: 'TokenRecord.ChangeMeterKeyTokenRecord',
    title: 'Change Meter Key Token Record',
    columns: [...common, 'tokenFirst', 'tokenSecond', 'confirmed', ...audit],
    map: keyChangeRecordOf,
  },
];

/** `/api/token/<record>/export`: the record page's current filter, all pages, as .xlsx. */
export function recordExportRoutes(deps: Deps): RouteDef[] {
  return EXPORTS.map((e) =>
    defineFileRoute({
      kind: 'file',
      path: fileRoutes(`token/${e.path}`).export,
      permission: e.permission,
      tag: 'Token',
      summary: `Export ${e.title} (.xlsx)`,
      body: TokenRecordReadRequest,
      handler: async ({ body, request }, ctx, reply) => {
        const stamp = deps.clock.now().toISOString().slice(0, 19).replace(/\D/g, '');
        // Titles and coded values in the user's language; money as numbers with 2 places.
        const lang = exportLanguage(body.lang);
        return streamExport(request, reply, {
          title: e.title,
          fileName: `${e.path}-${stamp}.xlsx`,
          columns: e.columns.map((key) => ({
            key,
            header: headerOf(lang, key),
            numFmt: numberFormatOf(key),
          })),
          read: (pageNumber, pageSize) =>
            readRecords(
              deps.database.db,
              e.kind,
              { ...body, pageNumber, pageSize },
              ctx.user,
              e.map as (r: TokenRecordRow) => Record<string, unknown>,
            ),
          row: (r) => Object.fromEntries(e.columns.map((k) => [k, humanValue(lang, k, r[k])])),
          done: (total) =>
            writeAudit(deps.database.db, ctx.actor, {
              title: e.title,
              action: 'Export',
              content: `${total} rows`,
            }),
        });
      },
    }),
  );
}

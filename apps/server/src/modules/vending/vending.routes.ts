import {
  CancelCreditTokenRequest,
  ChangeMeterKeyRecord,
  ChangeMeterKeyRequest,
  ConfirmKeyChangeRequest,
  CreditTokenRecord,
  CreditTokenRequest,
  ManagementTokenRecord,
  ManagementTokenRequest,
  MaximumOverdraftRequest,
  MaximumPhaseUnbalanceRequest,
  MaximumPowerRequest,
  MeterTestGenerateRequest,
  MeterTestRow,
  type PermissionKey,
  page,
  TokenRecordReadRequest,
  UpdateMeterKeyRequest,
  UpdateMeterKeyResult,
  writeBody,
} from '@prepay/contracts';
import { encodeMeterTest } from '@prepay/sts';
import { z } from 'zod';
import type { TokenKind } from '../../db/schema-vending.js';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import type { createCreditService } from './credit.service.js';
import type { createManagementTokenService } from './management.service.js';
import { meterTestTable } from './meter-test.js';
import { groupsOfFour, keyChangeRecordOf, managementRecordOf } from './records.js';
import {
  createTokenRecordService,
  type TokenRecordRow,
  type TokenRecordService,
} from './token-records.service.js';
import { stsRefusal } from './vending-guards.js';

const tag = 'Token';

type ManagementService = ReturnType<typeof createManagementTokenService>;

/** A record list page: same filters for every kind, its own permission key and row shape. */
function recordRead<R extends z.ZodType>(
  records: TokenRecordService,
  path: string,
  kind: TokenKind,
  permission: PermissionKey,
  row: R,
  map: (r: TokenRecordRow) => z.infer<R>,
) {
  return defineRoute({
    path,
    permission,
    tag,
    summary: `List ${kind} token records`,
    body: TokenRecordReadRequest,
    result: page(row),
    handler: (b, ctx) => records.read(kind, b, ctx.user, map),
  });
}

/** Credit and cancel records carry the meter's CommunicationWay, joined in per page. */
function creditRead(
  records: TokenRecordService,
  path: string,
  kind: 'credit' | 'creditCancel',
  permission: PermissionKey,
) {
  return defineRoute({
    path,
    permission,
    tag,
    summary: `List ${kind} token records`,
    body: TokenRecordReadRequest,
    result: page(CreditTokenRecord),
    handler: (b, ctx) => records.readCredit(kind, b, ctx.user),
  });
}

type ManagementKind = 'clearCredit' | 'clearTamper' | 'maxPower' | 'maxPhaseUnbalance' | 'maxOverdraft';

/** A management token's generate page and its record list. */
function managementRoutes<B extends z.ZodType<{ meterId: string; remark?: string | null }>>(
  records: TokenRecordService,
  mgmt: ManagementService,
  def: {
    kind: ManagementKind;
    generate: [string, PermissionKey];
    records: [string, PermissionKey];
    body: B;
    value: (b: z.infer<B>) => number;
  },
): RouteDef[] {
  const [path, permission] = def.generate;
  return [
    defineRoute({
      path,
      permission,
      tag,
      summary: `Generate a ${def.kind} token`,
      body: def.body,
      result: ManagementTokenRecord,
      handler: (b, ctx) => mgmt.issue(ctx, def.kind, b.meterId, def.value(b), b.remark),
    }),
    recordRead(records, def.records[0], def.kind, def.records[1], ManagementTokenRecord, managementRecordOf),
  ];
}

/** Credit vends, their records, and their cancel. */
function creditRoutes(
  records: TokenRecordService,
  credit: ReturnType<typeof createCreditService>,
): RouteDef[] {
  return [
    defineRoute({
      path: '/api/token/creditToken/generate',
      permission: 'Token.CreditToken',
      tag,
      summary: 'Price (isPreview) or vend a credit token; the same idempotencyKey returns the same record',
      body: CreditTokenRequest,
      result: CreditTokenRecord,
      handler: (b, ctx) => credit.vend(ctx, b),
    }),
    creditRead(records, '/api/token/creditTokenRecord/read', 'credit', 'TokenRecord.CreditTokenRecord'),
    creditRead(
      records,
      '/api/token/creditTokenCancelRecord/read',
      'creditCancel',
      'TokenRecord.CreditTokenCancelRecord',
    ),
    defineRoute({
      path: '/api/token/creditTokenRecord/cancel',
      permission: 'TokenRecord.CancelCreditTokenRecord',
      tag,
      summary:
        'Cancel credit tokens: reverses their debt and quota effects (authorization password required)',
      body: CancelCreditTokenRequest,
      result: z.array(CreditTokenRecord),
      handler: async (b, ctx) => records.withCommunicationWay(await credit.cancel(ctx, b)),
    }),
  ];
}

/** The five class 2 management tokens. */
function managementTokenRoutes(records: TokenRecordService, mgmt: ManagementService): RouteDef[] {
  const zero = () => 0;
  return [
    ...managementRoutes(records, mgmt, {
      kind: 'clearCredit',
      generate: ['/api/token/clearCreditToken/generate', 'Token.ClearCreditToken'],
      records: ['/api/token/clearCreditTokenRecord/read', 'TokenRecord.ClearCreditTokenRecord'],
      body: ManagementTokenRequest,
      value: zero,
    }),
    ...managementRoutes(records, mgmt, {
      kind: 'clearTamper',
      generate: ['/api/token/clearTamperToken/generate', 'Token.ClearTamperToken'],
      records: ['/api/token/clearTamperTokenRecord/read', 'TokenRecord.ClearTamperTokenRecord'],
      body: ManagementTokenRequest,
      value: zero,
    }),
    ...managementRoutes(records, mgmt, {
      kind: 'maxPower',
      generate: ['/api/token/setMaximumPowerLimitToken/generate', 'Token.SetMaximumPowerLimitToken'],
      records: [
        '/api/token/setMaximumPowerLimitTokenRecord/read',
        'TokenRecord.SetMaximumPowerLimitTokenRecord',
      ],
      body: MaximumPowerRequest,
      value: (b) => b.maximumPower,
    }),
    ...managementRoutes(records, mgmt, {
      kind: 'maxPhaseUnbalance',
      generate: [
        '/api/token/setMaximumPhasePowerUnbalanceLimitToken/generate',
        'Token.SetMaximumPhasePowerUnbalanceLimitToken',
      ],
      records: [
        '/api/token/setMaximumPhasePowerUnbalanceLimitTokenRecord/read',
        'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
      ],
      body: MaximumPhaseUnbalanceRequest,
      value: (b) => b.maximumPhasePowerUnbalance,
    }),
    ...managementRoutes(records, mgmt, {
      kind: 'maxOverdraft',
      generate: ['/api/token/setMaximumOverdraftLimitToken/generate', 'Token.SetMaximumOverdraftToken'],
      records: [
        '/api/token/setMaximumOverdraftLimitTokenRecord/read',
        'TokenRecord.SetMaximumOverdraftTokenRecord',
      ],
      body: MaximumOverdraftRequest,
      value: (b) => Math.round(b.maximumOverdraft),
    }),
  ];
}

/** The fixed meter test table and the test token generator (class 1, no key). */
function meterTestRoutes(deps: Deps): RouteDef[] {
  return [
    defineRoute({
      path: '/api/token/meterTestToken/read',
      permission: 'Token.MeterTestToken',
      tag,
      summary: 'The fixed list of meter test tokens (class 1)',
      body: z.object({}).passthrough(),
      result: page(MeterTestRow),
      handler: async () => {
        // A fixed table, never edited: the audit fields the original carries say so (system, now).
        const now = formatDateTime(deps.clock.now());
        const data = meterTestTable().map((r) => ({
          ...r,
          token11: groupsOfFour(r.token11),
          token13: groupsOfFour(r.token13),
          createId: null,
          createDate: now,
          updateId: null,
          updateDate: now,
          remark: null,
        }));
        return { total: data.length, data };
      },
    }),
    defineRoute({
      path: '/api/token/meterTestToken/generate',
      permission: 'Token.MeterTestToken',
      tag,
      summary: 'A meter test token for any control field and manufacturer code',
      body: MeterTestGenerateRequest,
      result: z.object({ token: z.string() }),
      handler: async (b) => {
        try {
          return { token: groupsOfFour(encodeMeterTest(b)) };
        } catch (err) {
          throw stsRefusal(err);
        }
      },
    }),
  ];
}

/** Update Meter Key, the key-change tokens, their confirmation and records. */
function keyChangeRoutes(records: TokenRecordService, mgmt: ManagementService): RouteDef[] {
  return [
    defineRoute({
      path: '/api/token/meterKey/update',
      permission: 'Token.UpdateMeterKey',
      tag,
      summary: "Set meters' new key fields for the next key change",
      body: writeBody(UpdateMeterKeyRequest),
      result: z.array(UpdateMeterKeyResult),
      handler: (b, ctx) => mgmt.updateMeterKey(ctx, b),
    }),
    defineRoute({
      path: '/api/token/changeMeterKeyToken/generate',
      permission: 'Token.ChangeMeterKeyToken',
      tag,
      summary: 'Key change tokens from the current key to the new fields (2 tokens, 4 for EA11)',
      body: ChangeMeterKeyRequest,
      result: ChangeMeterKeyRecord,
      handler: (b, ctx) => mgmt.changeMeterKey(ctx, b.meterId, b.authorizationPassword, b.remark),
    }),
    defineRoute({
      path: '/api/token/changeMeterKeyToken/confirm',
      permission: 'Token.ChangeMeterKeyToken',
      tag,
      summary: 'The meter accepted the key change: make the new key current',
      body: ConfirmKeyChangeRequest,
      result: ChangeMeterKeyRecord,
      handler: (b, ctx) => mgmt.confirmKeyChange(ctx, b.receiptId),
    }),
    recordRead(
      records,
      '/api/token/changeMeterKeyTokenRecord/read',
      'changeKey',
      'TokenRecord.ChangeMeterKeyTokenRecord',
      ChangeMeterKeyRecord,
      keyChangeRecordOf,
    ),
  ];
}

export function vendingRoutes(
  deps: Deps,
  credit: ReturnType<typeof createCreditService>,
  mgmt: ManagementService,
  records: TokenRecordService = createTokenRecordService(deps),
): RouteDef[] {
  return [
    ...creditRoutes(records, credit),
    ...managementTokenRoutes(records, mgmt),
    ...meterTestRoutes(deps),
    ...keyChangeRoutes(records, mgmt),
  ];
}

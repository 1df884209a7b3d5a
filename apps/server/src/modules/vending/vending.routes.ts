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
import {
  creditRecordOf,
  groupsOfFour,
  keyChangeRecordOf,
  managementRecordOf,
  withCommunicationWay,
} from './records.js';
import { readRecords } from './vending.repo.js';
import { stsRefusal } from './vending-guards.js';

const tag = 'Token';

export function vendingRoutes(
  deps: Deps,
  credit: ReturnType<typeof createCreditService>,
  mgmt: ReturnType<typeof createManagementTokenService>,
): RouteDef[] {
  const { db } = deps.database;

  /** A record list page: same filters for every kind, its own permission key and row shape. */
  const recordRead = <R extends z.ZodType>(
    path: string,
    kind: TokenKind,
    permission: PermissionKey,
    row: R,
    map: (r: Parameters<Parameters<typeof readRecords>[4]>[0]) => z.infer<R>,
  ) =>
    defineRoute({
      path,
      permission,
      tag,
      summary: `List ${kind} token records`,
      body: TokenRecordReadRequest,
      result: page(row),
      handler: (b, ctx) => readRecords(db, kind, b, ctx.user, map),
    });

  /** Credit and cancel records carry the meter's CommunicationWay, joined in per page. */
  const creditRead = (path: string, kind: 'credit' | 'creditCancel', permission: PermissionKey) =>
    defineRoute({
      path,
      permission,
      tag,
      summary: `List ${kind} token records`,
      body: TokenRecordReadRequest,
      result: page(CreditTokenRecord),
      handler: async (b, ctx) => {
        const found = await readRecords(db, kind, b, ctx.user, (r) => creditRecordOf(r));
        return { total: found.total, data: await withCommunicationWay(db, found.data) };
      },
    });

  const management = <B extends z.ZodType<{ meterId: string; remark?: string | null }>>(
    path: string,
    kind: 'clearCredit' | 'clearTamper' | 'maxPower' | 'maxPhaseUnbalance' | 'maxOverdraft',
    permission: PermissionKey,
    body: B,
    value: (b: z.infer<B>) => number,
  ) =>
    defineRoute({
      path,
      permission,
      tag,
      summary: `Generate a ${kind} token`,
      body,
      result: ManagementTokenRecord,
      handler: (b, ctx) => mgmt.issue(ctx, kind, b.meterId, value(b), b.remark),
    });

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
    creditRead('/api/token/creditTokenRecord/read', 'credit', 'TokenRecord.CreditTokenRecord'),
    creditRead(
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
      handler: async (b, ctx) => withCommunicationWay(db, await credit.cancel(ctx, b)),
    }),
    management(
      '/api/token/clearCreditToken/generate',
      'clearCredit',
      'Token.ClearCreditToken',
      ManagementTokenRequest,
      () => 0,
    ),
    recordRead(
      '/api/token/clearCreditTokenRecord/read',
      'clearCredit',
      'TokenRecord.ClearCreditTokenRecord',
      ManagementTokenRecord,
      managementRecordOf,
    ),
    management(
      '/api/token/clearTamperToken/generate',
      'clearTamper',
      'Token.ClearTamperToken',
      ManagementTokenRequest,
      () => 0,
    ),
    recordRead(
      '/api/token/clearTamperTokenRecord/read',
      'clearTamper',
      'TokenRecord.ClearTamperTokenRecord',
      ManagementTokenRecord,
      managementRecordOf,
    ),
    management(
      '/api/token/setMaximumPowerLimitToken/generate',
      'maxPower',
      'Token.SetMaximumPowerLimitToken',
      MaximumPowerRequest,
      (b: z.infer<typeof MaximumPowerRequest>) => b.maximumPower,
    ),
    recordRead(
      '/api/token/setMaximumPowerLimitTokenRecord/read',
      'maxPower',
      'TokenRecord.SetMaximumPowerLimitTokenRecord',
      ManagementTokenRecord,
      managementRecordOf,
    ),
    management(
      '/api/token/setMaximumPhasePowerUnbalanceLimitToken/generate',
      'maxPhaseUnbalance',
      'Token.SetMaximumPhasePowerUnbalanceLimitToken',
      MaximumPhaseUnbalanceRequest,
      (b: z.infer<typeof MaximumPhaseUnbalanceRequest>) => b.maximumPhasePowerUnbalance,
    ),
    recordRead(
      '/api/token/setMaximumPhasePowerUnbalanceLimitTokenRecord/read',
      'maxPhaseUnbalance',
      'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
      ManagementTokenRecord,
      managementRecordOf,
    ),
    management(
      '/api/token/setMaximumOverdraftLimitToken/generate',
      'maxOverdraft',
      'Token.SetMaximumOverdraftToken',
      MaximumOverdraftRequest,
      (b: z.infer<typeof MaximumOverdraftRequest>) => Math.round(b.maximumOverdraft),
    ),
    recordRead(
      '/api/token/setMaximumOverdraftLimitTokenRecord/read',
      'maxOverdraft',
      'TokenRecord.SetMaximumOverdraftTokenRecord',
      ManagementTokenRecord,
      managementRecordOf,
    ),
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
      '/api/token/changeMeterKeyTokenRecord/read',
      'changeKey',
      'TokenRecord.ChangeMeterKeyTokenRecord',
      ChangeMeterKeyRecord,
      keyChangeRecordOf,
    ),
  ];
}

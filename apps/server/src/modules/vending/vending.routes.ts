import {
  CancelCreditTokenRequest,
  ChangeMeterKeyRecord,
  ChangeMeterKeyRequest,
  ConfirmKeyChangeRequest,
  CreditTokenRecord,
  CreditTokenRequest,
  groupsOfFour,
  ManagementTokenRecord,
  ManagementTokenRequest,
  MaximumOverdraftRequest,
  MaximumPhaseUnbalanceRequest,
  MaximumPowerRequest,
  MeterTestGenerateRequest,
  MeterTestRow,
  type PermissionKey,
  page,
  TOKEN_PATHS,
  TOKEN_RECORD_PATHS,
  TokenRecordReadRequest,
  UpdateMeterKeyRequest,
  UpdateMeterKeyResult,
  writeBody,
} from '@prepay/contracts';
import { encodeMeterTest } from '@prepay/sts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import type { CreditService } from './credit.service.js';
import type { ManagementTokenService } from './management.service.js';
import { meterTestTable } from './meter-test.js';
import { keyChangeRecordOf, managementRecordOf } from './records.js';
import { createTokenRecordService, type TokenRecordService } from './token-records.service.js';
import type { TokenKind } from './vending.repo.js';
import { stsRefusal } from './vending-guards.js';

const tag = 'Token';

type RecordPage<T> = Promise<{ total: number; data: T[] }>;

/** A record list page: same filters for every kind, its own permission key, row shape and read. */
function recordRead<R extends z.ZodType>(
  path: string,
  kind: TokenKind,
  permission: PermissionKey,
  row: R,
  read: (b: TokenRecordReadRequest, user: SessionUser) => RecordPage<z.infer<R>>,
) {
  return defineRoute({
    path,
    permission,
    tag,
    summary: `List ${kind} token records`,
    body: TokenRecordReadRequest,
    result: page(row),
    handler: (b, ctx) => read(b, ctx.user),
  });
}

/** Credit and cancel records carry the meter's CommunicationWay, joined in per page. */
function creditRead(
  records: TokenRecordService,
  path: string,
  kind: 'credit' | 'creditCancel',
  permission: PermissionKey,
) {
  return recordRead(path, kind, permission, CreditTokenRecord, (b, user) =>
    records.readCredit(kind, b, user),
  );
}

/**
 * The class 2 management tokens: each page's generate and record-read paths and its permission name
 * (`Token.<key>`, `TokenRecord.<key>Record`).
 */
const MANAGEMENT_TOKENS = {
  clearCredit: {
    generate: TOKEN_PATHS.clearCreditGenerate,
    records: TOKEN_RECORD_PATHS.clearCredit,
    key: 'ClearCreditToken',
  },
  clearTamper: {
    generate: TOKEN_PATHS.clearTamperGenerate,
    records: TOKEN_RECORD_PATHS.clearTamper,
    key: 'ClearTamperToken',
  },
  maxPower: {
    generate: TOKEN_PATHS.maximumPowerGenerate,
    records: TOKEN_RECORD_PATHS.maximumPower,
    key: 'SetMaximumPowerLimitToken',
  },
  maxPhaseUnbalance: {
    generate: TOKEN_PATHS.maximumPhaseUnbalanceGenerate,
    records: TOKEN_RECORD_PATHS.maximumPhaseUnbalance,
    key: 'SetMaximumPhasePowerUnbalanceLimitToken',
  },
  maxOverdraft: {
    generate: TOKEN_PATHS.maximumOverdraftGenerate,
    records: TOKEN_RECORD_PATHS.maximumOverdraft,
    key: 'SetMaximumOverdraftToken',
  },
} as const;
type ManagementKind = keyof typeof MANAGEMENT_TOKENS;

/** A management token's generate page and its record list. */
type ManagementBody = z.ZodType<{ meterId: string; remark?: string | null }>;

function managementRoutes<B extends ManagementBody>(
  records: TokenRecordService,
  mgmt: ManagementTokenService,
  kind: ManagementKind,
  body: B,
  value: (b: z.infer<B>) => number,
): RouteDef[] {
  const { generate, records: recordsPath, key } = MANAGEMENT_TOKENS[kind];
  return [
    defineRoute({
      path: generate,
      permission: `Token.${key}`,
      tag,
      summary: `Generate a ${kind} token`,
      body,
      result: ManagementTokenRecord,
      handler: (b, ctx) => mgmt.issue(ctx, kind, b.meterId, value(b), b.remark),
    }),
    recordRead(recordsPath, kind, `TokenRecord.${key}Record`, ManagementTokenRecord, (b, user) =>
      records.read(kind, b, user, managementRecordOf),
    ),
  ];
}

/** Credit vends, their records, and their cancel. */
function creditRoutes(records: TokenRecordService, credit: CreditService): RouteDef[] {
  return [
    defineRoute({
      path: TOKEN_PATHS.creditGenerate,
      permission: 'Token.CreditToken',
      tag,
      summary: 'Price (isPreview) or vend a credit token; the same idempotencyKey returns the same record',
      body: CreditTokenRequest,
      result: CreditTokenRecord,
      handler: (b, ctx) => credit.vend(ctx, b),
    }),
    creditRead(records, TOKEN_RECORD_PATHS.credit, 'credit', 'TokenRecord.CreditTokenRecord'),
    creditRead(
      records,
      TOKEN_RECORD_PATHS.creditCancel,
      'creditCancel',
      'TokenRecord.CreditTokenCancelRecord',
    ),
    defineRoute({
      path: TOKEN_PATHS.creditCancel,
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
/** The value each management token carries (the clear tokens carry none). */
const noValue = () => 0;
const maxPower = (b: z.infer<typeof MaximumPowerRequest>) => b.maximumPower;
const maxPhaseUnbalance = (b: z.infer<typeof MaximumPhaseUnbalanceRequest>) => b.maximumPhasePowerUnbalance;
const maxOverdraft = (b: z.infer<typeof MaximumOverdraftRequest>) => Math.round(b.maximumOverdraft);

function managementTokenRoutes(records: TokenRecordService, mgmt: ManagementTokenService): RouteDef[] {
  const routes = <B extends ManagementBody>(
    kind: ManagementKind,
    body: B,
    value: (b: z.infer<B>) => number,
  ) => managementRoutes(records, mgmt, kind, body, value);
  return [
    ...routes('clearCredit', ManagementTokenRequest, noValue),
    ...routes('clearTamper', ManagementTokenRequest, noValue),
    ...routes('maxPower', MaximumPowerRequest, maxPower),
    ...routes('maxPhaseUnbalance', MaximumPhaseUnbalanceRequest, maxPhaseUnbalance),
    ...routes('maxOverdraft', MaximumOverdraftRequest, maxOverdraft),
  ];
}

/** The fixed meter test table and the test token generator (class 1, no key). */
function meterTestRoutes(deps: Deps): RouteDef[] {
  return [
    defineRoute({
      path: TOKEN_PATHS.meterTestRead,
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
      path: TOKEN_PATHS.meterTestGenerate,
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
function keyChangeRoutes(records: TokenRecordService, mgmt: ManagementTokenService): RouteDef[] {
  return [
    defineRoute({
      path: TOKEN_PATHS.meterKeyUpdate,
      permission: 'Token.UpdateMeterKey',
      tag,
      summary: "Set meters' new key fields for the next key change",
      body: writeBody(UpdateMeterKeyRequest),
      result: z.array(UpdateMeterKeyResult),
      handler: (b, ctx) => mgmt.updateMeterKey(ctx, b),
    }),
    defineRoute({
      path: TOKEN_PATHS.changeMeterKeyGenerate,
      permission: 'Token.ChangeMeterKeyToken',
      tag,
      summary: 'Key change tokens from the current key to the new fields (2 tokens, 4 for EA11)',
      body: ChangeMeterKeyRequest,
      result: ChangeMeterKeyRecord,
      handler: (b, ctx) => mgmt.changeMeterKey(ctx, b.meterId, b.authorizationPassword, b.remark),
    }),
    defineRoute({
      path: TOKEN_PATHS.changeMeterKeyConfirm,
      permission: 'Token.ChangeMeterKeyToken',
      tag,
      summary: 'The meter accepted the key change: make the new key current',
      body: ConfirmKeyChangeRequest,
      result: ChangeMeterKeyRecord,
      handler: (b, ctx) => mgmt.confirmKeyChange(ctx, b.receiptId),
    }),
    recordRead(
      TOKEN_RECORD_PATHS.changeMeterKey,
      'changeKey',
      'TokenRecord.ChangeMeterKeyTokenRecord',
      ChangeMeterKeyRecord,
      (b, user) => records.read('changeKey', b, user, keyChangeRecordOf),
    ),
  ];
}

export function vendingRoutes(
  deps: Deps,
  credit: CreditService,
  mgmt: ManagementTokenService,
  records: TokenRecordService = createTokenRecordService(deps),
): RouteDef[] {
  return [
    ...creditRoutes(records, credit),
    ...managementTokenRoutes(records, mgmt),
    ...meterTestRoutes(deps),
    ...keyChangeRoutes(records, mgmt),
  ];
}

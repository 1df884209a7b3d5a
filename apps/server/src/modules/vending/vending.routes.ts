import {
  CREDIT_API,
  type Endpoint,
  groupsOfFour,
  KEY_CHANGE_API,
  MANAGEMENT_TOKEN_API,
  type ManagementTokenKind,
  type MaximumOverdraftRequest,
  type MaximumPhaseUnbalanceRequest,
  type MaximumPowerRequest,
  METER_TEST_API,
  type TokenRecordReadRequest,
} from '@prepay/contracts';
import { encodeMeterTest } from '@prepay/sts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { type AuthedContext, type JsonRouteSpec, type RouteDef, routeGroup } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import type { CreditService } from './credit.service.js';
import type { ManagementTokenInput, ManagementTokenService } from './management.service.js';
import { meterTestTable } from './meter-test.js';
import { keyChangeRecordOf, managementRecordOf } from './records.js';
import { createTokenRecordService, type TokenRecordService } from './token-records.service.js';
import type { TokenKind } from './vending.repo.js';
import { stsRefusal } from './vending-guards.js';

const route = routeGroup({ tag: 'Token' });

/** A record list page: same filters for every kind, its own endpoint, row shape and read. */
function recordRead<R>(
  endpoint: Endpoint<typeof TokenRecordReadRequest, z.ZodType<{ total: number; data: R[] }>>,
  kind: TokenKind,
  read: (b: TokenRecordReadRequest, user: SessionUser) => Promise<{ total: number; data: R[] }>,
) {
  return route(endpoint, `List ${kind} token records`, (b, ctx) => read(b, ctx.user));
}

/** Credit and cancel records carry the meter's CommunicationWay, joined in per page. */
function creditRead(records: TokenRecordService, kind: 'credit' | 'creditCancel') {
  const endpoint = kind === 'credit' ? CREDIT_API.records : CREDIT_API.cancelRecords;
  return recordRead(endpoint, kind, (b, user) => records.readCredit(kind, b, user));
}

/** A management token's generate page (answered by `issue`) and its record list. */
function managementRoutes<E extends Endpoint>(
  records: TokenRecordService,
  kind: ManagementTokenKind,
  api: { generate: E; records: (typeof MANAGEMENT_TOKEN_API)[ManagementTokenKind]['records'] },
  issue: JsonRouteSpec<E>['handler'],
): RouteDef[] {
  return [
    route(api.generate, `Generate a ${kind} token`, issue),
    recordRead(api.records, kind, (b, user) => records.read(kind, b, user, managementRecordOf)),
  ];
}

/** Credit vends, their records, and their cancel. */
function creditRoutes(records: TokenRecordService, credit: CreditService): RouteDef[] {
  return [
    route(
      CREDIT_API.generate,
      'Price (isPreview) or vend a credit token; the same idempotencyKey returns the same record',
      (b, ctx) => credit.vend(ctx, b),
    ),
    creditRead(records, 'credit'),
    creditRead(records, 'creditCancel'),
    route(
      CREDIT_API.cancel,
      'Cancel credit tokens: reverses their debt and quota effects (authorization password required)',
      async (b, ctx) => records.withCommunicationWay(await credit.cancel(ctx, b)),
    ),
  ];
}

/** The five class 2 management tokens. */
/** The value each management token carries (the clear tokens carry none). */
const noValue = () => 0;
const maxPower = (b: z.infer<typeof MaximumPowerRequest>) => b.maximumPower;
const maxPhaseUnbalance = (b: z.infer<typeof MaximumPhaseUnbalanceRequest>) => b.maximumPhasePowerUnbalance;
const maxOverdraft = (b: z.infer<typeof MaximumOverdraftRequest>) => Math.round(b.maximumOverdraft);

function managementTokenRoutes(records: TokenRecordService, mgmt: ManagementTokenService): RouteDef[] {
  /** Issues a token of `kind` carrying the value its body names. */
  const issuing =
    <T extends ManagementTokenInput>(kind: ManagementTokenKind, value: (b: T) => number) =>
    (b: T, ctx: AuthedContext) =>
      mgmt.issue(ctx, kind, b, value(b));
  return [
    ...managementRoutes(
      records,
      'clearCredit',
      MANAGEMENT_TOKEN_API.clearCredit,
      issuing('clearCredit', noValue),
    ),
    ...managementRoutes(
      records,
      'clearTamper',
      MANAGEMENT_TOKEN_API.clearTamper,
      issuing('clearTamper', noValue),
    ),
    ...managementRoutes(records, 'maxPower', MANAGEMENT_TOKEN_API.maxPower, issuing('maxPower', maxPower)),
    ...managementRoutes(
      records,
      'maxPhaseUnbalance',
      MANAGEMENT_TOKEN_API.maxPhaseUnbalance,
      issuing('maxPhaseUnbalance', maxPhaseUnbalance),
    ),
    ...managementRoutes(
      records,
      'maxOverdraft',
      MANAGEMENT_TOKEN_API.maxOverdraft,
      issuing('maxOverdraft', maxOverdraft),
    ),
  ];
}

/** The fixed meter test table and the test token generator (class 1, no key). */
function meterTestRoutes(deps: Deps): RouteDef[] {
  return [
    route(METER_TEST_API.read, 'The fixed list of meter test tokens (class 1)', async () => {
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
    }),
    route(
      METER_TEST_API.generate,
      'A meter test token for any control field and manufacturer code',
      async (b) => {
        try {
          return { token: groupsOfFour(encodeMeterTest(b)) };
        } catch (err) {
          throw stsRefusal(err);
        }
      },
    ),
  ];
}

/** Update Meter Key, the key-change tokens, their confirmation and records. */
function keyChangeRoutes(records: TokenRecordService, mgmt: ManagementTokenService): RouteDef[] {
  return [
    route(KEY_CHANGE_API.updateMeterKey, "Set meters' new key fields for the next key change", (b, ctx) =>
      mgmt.updateMeterKey(ctx, b),
    ),
    route(
      KEY_CHANGE_API.generate,
      'Key change tokens from the current key to the new fields (2 tokens, 4 for EA11)',
      (b, ctx) => mgmt.changeMeterKey(ctx, b.meterId, b.authorizationPassword, b.remark),
    ),
    route(KEY_CHANGE_API.confirm, 'The meter accepted the key change: make the new key current', (b, ctx) =>
      mgmt.confirmKeyChange(ctx, b.receiptId),
    ),
    recordRead(KEY_CHANGE_API.records, 'changeKey', (b, user) =>
      records.read('changeKey', b, user, keyChangeRecordOf),
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

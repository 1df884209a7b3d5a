/** Token Generate and Token Record: vends, management tokens, key changes, their records and totals. */
import { z } from 'zod';
import { TOKEN_PATHS, TOKEN_RECORD_PATHS } from '../api-paths.js';
import {
  CASH_UP_PATH,
  CASH_UP_PERMISSION,
  CashUpRequest,
  CashUpResult,
  CREDIT_CANCEL_RECORD_TOTALS_PATH,
  CREDIT_RECORD_TOTALS_PATH,
  RecordTotals,
} from '../cash-up.js';
import { page, writeBody } from '../common.js';
import { defineEndpoint, EmptyBody } from '../endpoint.js';
import type { PermissionKey } from '../permissions.js';
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
  TokenRecordReadRequest,
  UpdateMeterKeyRequest,
  UpdateMeterKeyResult,
} from '../token.js';

/** A record list: the same filters for every token kind, its own permission and row. */
const records = <R extends z.ZodType>(path: string, row: R, permission: PermissionKey) =>
  defineEndpoint({ path, request: TokenRecordReadRequest, result: page(row), permission });

/** A credit record page's totals row: one sum over the page's own filter. */
const totals = (path: string, permission: PermissionKey) =>
  defineEndpoint({ path, request: TokenRecordReadRequest, result: RecordTotals, permission });

export const CREDIT_API = {
  /** Price (isPreview) or vend; the same idempotencyKey returns the same record. */
  generate: defineEndpoint({
    path: TOKEN_PATHS.creditGenerate,
    request: CreditTokenRequest,
    result: CreditTokenRecord,
    permission: 'Token.CreditToken',
  }),
  cancel: defineEndpoint({
    path: TOKEN_PATHS.creditCancel,
    request: CancelCreditTokenRequest,
    result: z.array(CreditTokenRecord),
    permission: 'TokenRecord.CancelCreditTokenRecord',
  }),
  records: records(TOKEN_RECORD_PATHS.credit, CreditTokenRecord, 'TokenRecord.CreditTokenRecord'),
  cancelRecords: records(
    TOKEN_RECORD_PATHS.creditCancel,
    CreditTokenRecord,
    'TokenRecord.CreditTokenCancelRecord',
  ),
  totals: totals(CREDIT_RECORD_TOTALS_PATH, 'TokenRecord.CreditTokenRecord'),
  cancelTotals: totals(CREDIT_CANCEL_RECORD_TOTALS_PATH, 'TokenRecord.CreditTokenCancelRecord'),
};

/** A class 2 management token: its generate call (`Token.<key>`) and its records (`TokenRecord.<key>Record`). */
function managementToken<B extends z.ZodType, K extends string>(
  generate: string,
  recordsPath: string,
  key: K,
  request: B,
) {
  return {
    generate: defineEndpoint({
      path: generate,
      request,
      result: ManagementTokenRecord,
      permission: `Token.${key}` as PermissionKey,
    }),
    records: records(recordsPath, ManagementTokenRecord, `TokenRecord.${key}Record` as PermissionKey),
  };
}

/** The five class 2 management tokens, by the kind the server's records name. */
export const MANAGEMENT_TOKEN_API = {
  clearCredit: managementToken(
    TOKEN_PATHS.clearCreditGenerate,
    TOKEN_RECORD_PATHS.clearCredit,
    'ClearCreditToken',
    ManagementTokenRequest,
  ),
  clearTamper: managementToken(
    TOKEN_PATHS.clearTamperGenerate,
    TOKEN_RECORD_PATHS.clearTamper,
    'ClearTamperToken',
    ManagementTokenRequest,
  ),
  maxPower: managementToken(
    TOKEN_PATHS.maximumPowerGenerate,
    TOKEN_RECORD_PATHS.maximumPower,
    'SetMaximumPowerLimitToken',
    MaximumPowerRequest,
  ),
  maxPhaseUnbalance: managementToken(
    TOKEN_PATHS.maximumPhaseUnbalanceGenerate,
    TOKEN_RECORD_PATHS.maximumPhaseUnbalance,
    'SetMaximumPhasePowerUnbalanceLimitToken',
    MaximumPhaseUnbalanceRequest,
  ),
  maxOverdraft: managementToken(
    TOKEN_PATHS.maximumOverdraftGenerate,
    TOKEN_RECORD_PATHS.maximumOverdraft,
    'SetMaximumOverdraftToken',
    MaximumOverdraftRequest,
  ),
};
export type ManagementTokenKind = keyof typeof MANAGEMENT_TOKEN_API;

/** The fixed meter test table and the class 1 test token (no key). */
export const METER_TEST_API = {
  read: defineEndpoint({
    path: TOKEN_PATHS.meterTestRead,
    request: EmptyBody,
    result: page(MeterTestRow),
    permission: 'Token.MeterTestToken',
  }),
  generate: defineEndpoint({
    path: TOKEN_PATHS.meterTestGenerate,
    request: MeterTestGenerateRequest,
    result: z.object({ token: z.string() }),
    permission: 'Token.MeterTestToken',
  }),
};

/** Update Meter Key, the key-change tokens, their confirmation and records. */
export const KEY_CHANGE_API = {
  updateMeterKey: defineEndpoint({
    path: TOKEN_PATHS.meterKeyUpdate,
    request: writeBody(UpdateMeterKeyRequest),
    result: z.array(UpdateMeterKeyResult),
    permission: 'Token.UpdateMeterKey',
  }),
  generate: defineEndpoint({
    path: TOKEN_PATHS.changeMeterKeyGenerate,
    request: ChangeMeterKeyRequest,
    result: ChangeMeterKeyRecord,
    permission: 'Token.ChangeMeterKeyToken',
  }),
  confirm: defineEndpoint({
    path: TOKEN_PATHS.changeMeterKeyConfirm,
    request: ConfirmKeyChangeRequest,
    result: ChangeMeterKeyRecord,
    permission: 'Token.ChangeMeterKeyToken',
  }),
  records: records(
    TOKEN_RECORD_PATHS.changeMeterKey,
    ChangeMeterKeyRecord,
    'TokenRecord.ChangeMeterKeyTokenRecord',
  ),
};

/** Shift and day cash-up: the totals of a range's credit vends (the workbook is a file route). */
export const CASH_UP_API = {
  read: defineEndpoint({
    path: CASH_UP_PATH,
    request: CashUpRequest,
    result: CashUpResult,
    permission: CASH_UP_PERMISSION,
  }),
};

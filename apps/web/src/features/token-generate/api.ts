import {
  CREDIT_API,
  KEY_CHANGE_API,
  MANAGEMENT_TOKEN_API,
  type ManagementTokenKind,
  METER_API,
  METER_TEST_API,
  REMOTE_TASK_API,
  type RequestOf,
} from '@prepay/contracts';
import { call } from '../../lib/call';
import type { RequestOptions } from '../../lib/request';

/** Prices (isPreview) or vends a credit token. */
export const vendCredit = (body: RequestOf<typeof CREDIT_API.generate>, options?: RequestOptions) =>
  call(CREDIT_API.generate, body, options);

/**
 * The account as a sale would find it: a priced preview of a round payment with no debt share answers
 * the debt owed, the monthly charge due now and the change carried from earlier sales. Silent: the
 * panel shows a dash when it cannot be priced.
 */
export const previewAccount = (meterId: string) =>
  call(
    CREDIT_API.generate,
    { meterId, isPreview: true, isVendByTotalPaid: true, amount: ACCOUNT_PROBE, payDebtPercent: 0 },
    { silent: true },
  );
const ACCOUNT_PROBE = '10000';

/** The meter's newest sale not cancelled (the meter filter matches by text: the exact meter is kept). */
export async function readLastPurchase(meterId: string) {
  const page = await call(
    CREDIT_API.records,
    { meterId, status: 0, orderBy: 'receiptId desc', pageSize: 20 },
    { silent: true },
  );
  return page.data.find((r) => r.meterId === meterId) ?? null;
}

/** Sends a vended token to its meter as a remote token task. */
export const sendTokenToMeter = (meterId: string, token: string) =>
  call(REMOTE_TASK_API.token.create, [{ meterId, data: token }]);

/** A meter's row, for its pending (or current) key fields; silent: the role may not read meters. */
export async function readMeterForKey(meterId: string) {
  const page = await call(METER_API.read, { meterId, pageSize: 5 }, { silent: true });
  return page.data.find((r) => r.meterId === meterId);
}

export const updateMeterKey = (line: RequestOf<typeof KEY_CHANGE_API.updateMeterKey>[number]) =>
  call(KEY_CHANGE_API.updateMeterKey, [line]);

export const changeMeterKey = (body: RequestOf<typeof KEY_CHANGE_API.generate>) =>
  call(KEY_CHANGE_API.generate, body);

export const confirmKeyChange = (receiptId: number) => call(KEY_CHANGE_API.confirm, { receiptId });

export const readMeterTests = () => call(METER_TEST_API.read, {});

export const generateMeterTest = (body: RequestOf<typeof METER_TEST_API.generate>) =>
  call(METER_TEST_API.generate, body);

/** A class 2 management token; `value` is the limit the set-limit tokens carry (none for the clear tokens). */
export function generateManagementToken(
  kind: ManagementTokenKind,
  base: { meterId: string; authorizationPassword?: string; remark: string | null },
  value: number,
) {
  switch (kind) {
    case 'maxPower':
      return call(MANAGEMENT_TOKEN_API.maxPower.generate, { ...base, maximumPower: value });
    case 'maxOverdraft':
      return call(MANAGEMENT_TOKEN_API.maxOverdraft.generate, { ...base, maximumOverdraft: value });
    case 'maxPhaseUnbalance':
      return call(MANAGEMENT_TOKEN_API.maxPhaseUnbalance.generate, {
        ...base,
        maximumPhasePowerUnbalance: value,
      });
    default:
      return call(MANAGEMENT_TOKEN_API[kind].generate, base);
  }
}

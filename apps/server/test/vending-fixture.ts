import type { CreditTokenRecord } from '@prepay/contracts';
import { dkga02, meterPanFromIain } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, customers, debts, meters, tariffs, users } from '../src/db/schema.js';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';
import type { TestApp } from './harness.js';
import { ADMIN_AUTH_PASSWORD, METER_STS } from './test-config.js';

export const DECODER_KEY = METER_STS.decoderKey;
export const NEW_DECODER_KEY = '0123456789ABCDEF';
/** The STS fields of a key change to SGC 654321 KRN 2 (Update Meter Key). */
export const NEXT_KEY_FIELDS = {
  sgcNew: '654321',
  krnNew: 2,
  kenNew: 255,
  tiNew: 3,
  ktNew: 2,
  baseYearNew: 2014,
};

/** The key identity of a meter created under a stored vending key: key revision 1, tariff index 1, key type 2. */
const DERIVED_KEY_IDENTITY = { krn: 1, ti: 1, kt: 2 };

/**
 * Creates a meter through the API in supply group `sgc`, revision 1, so the server derives its decoder key
 * from the group's stored vending key; answers the created row.
 */
export async function meterUnderVendingKey(
  t: TestApp,
  admin: string,
  meterId: string,
  sgc: string,
  stationId = '0001',
) {
  const created = await t.call<{ hasDecoderKey: boolean }[]>(
    '/api/meter/create',
    [{ meterId, type: 0, protocolVersion: '2.2', sgc, ...DERIVED_KEY_IDENTITY, stationId }],
    admin,
  );
  expect(created.code, created.reason).toBe(0);
  return created.result[0];
}

/** The decoder key DKGA02 derives for a meter made by meterUnderVendingKey from the group's vending key. */
export const derivedDecoderKey = (meterId: string, sgc: string, vendingKey: string) =>
  dkga02({ meterPAN: meterPanFromIain(meterId), sgc, ...DERIVED_KEY_IDENTITY, vendingKey });

/**
 * A vendable meter written straight to the tables (the master-data APIs have their own tests): customer,
 * a two-step tariff (10/kWh for the first 50 kWh, then 20) with 7.5 % VAT and a monthly charge, meter with STS fields and decoder key, account, debt.
 */
export async function vendableMeter(
  t: TestApp,
  opts: {
    meterId?: string;
    stationId?: string;
    debtMinor?: number;
    ea?: '07' | '11';
    type?: number;
    protocolVersion?: string;
  } = {},
) {
  const db = t.database.db;
  const meterId = opts.meterId ?? '47001234567';
  const stationId = opts.stationId ?? '0001';
  const customerId = `C${meterId}`;
  await db
    .insert(customers)
    .values({ customerId, customerName: `Customer ${meterId}`, address: '12 Market Road', stationId });
  await db
    .insert(tariffs)
    .values({
      tariffId: `T${meterId}`,
      tariffName: 'RESIDENTIAL',
      priceMinor: 10_00,
      taxBp: 750,
      steps: [
        { start: 0, end: 500, price: 10_00 },
        { start: 500, end: null, price: 20_00 },
      ],
      monthlyChargeMinor: 500_00,
      billingDay: 1,
      stationId,
    })
    .onConflictDoNothing();
  // The meter row and its key record carry the same STS fields: the tests' meters' (METER_STS).
  const { decoderKey: _key, ...stsFields } = METER_STS;
  const sts = { ...stsFields, ea: opts.ea ?? stsFields.ea };
  await db.insert(meters).values({
    meterId,
    type: opts.type ?? 0,
    protocolVersion: opts.protocolVersion ?? 'STS-1',
    status: true,
    ...sts,
    stationId,
  });
  const store = await keyStoreOf(t.app.deps);
  await store.putDecoderKey({
    meterId,
    decoderKey: opts.ea === '11' ? `${DECODER_KEY}${DECODER_KEY}` : DECODER_KEY,
    ...sts,
  });
  await db.insert(accounts).values({ meterId, customerId, tariffId: `T${meterId}`, stationId });
  if (opts.debtMinor) {
    await db
      .insert(debts)
      .values({ customerId, totalDebtMinor: opts.debtMinor, remainingDebtMinor: opts.debtMinor, stationId });
  }
  return { meterId, customerId, tariffId: `T${meterId}` };
}

/**
 * A real credit vend by total paid (not a preview) as `token`, with the admin's authorization password
 * unless `body` gives another; `body` names the meter and the amount and may change any field.
 */
export const creditVend = <R = CreditTokenRecord>(
  t: TestApp,
  body: Record<string, unknown>,
  token?: string,
) =>
  t.call<R>(
    '/api/token/creditToken/generate',
    { isPreview: false, isVendByTotalPaid: true, authorizationPassword: ADMIN_AUTH_PASSWORD, ...body },
    token,
  );

/** Cancels the credit vend `receiptId` as `token`, with the admin's authorization password unless told another. */
export const cancelVend = (
  t: TestApp,
  token: string,
  sale: { receiptId: number; remark: string },
  authorizationPassword = ADMIN_AUTH_PASSWORD,
) =>
  t.call<CreditTokenRecord[]>(
    '/api/token/creditTokenRecord/cancel',
    { authorizationPassword, data: [{ receiptId: sale.receiptId, remark: sale.remark }] },
    token,
  );

/** A meter with its customer and tariff but no account: a sale to it is refused. */
export async function meterWithoutAccount(t: TestApp, meterId: string) {
  await vendableMeter(t, { meterId });
  await t.database.db.delete(accounts).where(eq(accounts.meterId, meterId));
}

export async function debtRow(t: TestApp, customerId: string) {
  const [row] = await t.database.db.select().from(debts).where(eq(debts.customerId, customerId));
  return row;
}

export async function quotaOf(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .select({ q: users.remainingQuotaUnits })
    .from(users)
    .where(eq(users.userId, userId));
  return row?.q;
}

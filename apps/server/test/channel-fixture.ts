import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { channelMessages, tokenRecords, vendorFloatMovements, vendors } from '../src/db/schema.js';
import { type Call, type Document, generatedClient } from './conformance/document-client.js';
import { ADMIN_AUTH_PASSWORD, type TestApp } from './harness.js';

/** Where the prepaid-utility channel serves its own OpenAPI document. */
export const CHANNEL_DOCUMENT = '/swagger/prepaidutility/v3.json';

/** What a vendor is made of in the console API (create or update), with the tests' defaults. */
export interface VendorSpec {
  vendorId: string;
  clientId: string;
  topUp: string;
  creditLimit?: string;
  commissionRate?: string;
  dailyLimit?: string;
  enabled?: boolean;
}

/** The console API's line for `v` (create or update). */
export const vendorLine = (v: VendorSpec) => ({
  vendorId: v.vendorId,
  vendorName: `Vendor ${v.vendorId}`,
  vendorKind: 'bank',
  stationIds: ['0001'],
  clientId: v.clientId,
  terminalId: 'T0000001',
  creditLimit: v.creditLimit ?? '0',
  commissionRate: v.commissionRate ?? '1.5',
  enabled: v.enabled ?? true,
  ...(v.dailyLimit ? { dailyLimit: v.dailyLimit } : {}),
});

/**
 * A vendor made, given a machine secret and funded through the console API, as the utility's revenue office
 * does; answers its HTTP Basic header.
 */
export async function fundedVendor(t: TestApp, v: VendorSpec) {
  const admin = await t.adminToken();
  const line = vendorLine(v);
  const created = await t.call('/api/vendor/create', [line], admin);
  if (created.code !== 0) throw new Error(created.reason);
  const auth = { vendorId: v.vendorId, authorizationPassword: ADMIN_AUTH_PASSWORD };
  const cred = await t.call<{ secret: string }>('/api/vendor/credential', auth, admin);
  if (cred.code !== 0) throw new Error(cred.reason);
  const float = await t.call(
    '/api/vendor/float',
    { ...auth, kind: 'topUp', amount: v.topUp, remark: 'Deposit' },
    admin,
  );
  if (float.code !== 0) throw new Error(float.reason);
  return `Basic ${Buffer.from(`${v.vendorId}:${cred.result.secret}`).toString('base64')}`;
}

/** The client generated from the channel's document, sending `authorization()` with every call. */
export async function channelClient(t: TestApp, authorization: () => string) {
  const res = await t.app.inject({ method: 'GET', url: CHANNEL_DOCUMENT });
  if (res.statusCode !== 200) throw new Error(`no channel document: ${res.statusCode}`);
  const client = generatedClient(t.app, res.json() as Document, authorization);
  return (operationId: string): Call => {
    const call = client[operationId];
    if (!call) throw new Error(`the document has no operation ${operationId}`);
    return call;
  };
}

/** The members every message carries, as a bank's switch fills them. */
export const transaction = (id: string, vendorId = 'BANK01') => ({
  id,
  time: new Date().toISOString(),
  originator: {
    institution: { id: vendorId, name: 'First Bank' },
    terminalId: '00000001',
    merchant: {
      merchantType: '5411',
      merchantId: '000000000000001',
      merchantName: { name: 'Corner Shop', city: 'Cape Town', region: 'WC', country: 'ZA' },
    },
  },
  client: { id: vendorId, name: 'First Bank' },
  thirdPartyIdentifiers: [{ institutionId: vendorId, transactionIdentifier: `ref-${id.slice(0, 8)}` }],
});

export const purchaseBody = (id: string, meterId: string, amount: number, vendorId = 'BANK01') => ({
  ...transaction(id, vendorId),
  meter: { meterId },
  purchaseAmount: { amount, currency: '710' },
});

export const advice = (id: string, requestId: string) => ({
  id,
  requestId,
  time: new Date().toISOString(),
  thirdPartyIdentifiers: [{ institutionId: 'BANK01', transactionIdentifier: 'ref' }],
});

export const newId = () => randomUUID();

/** The token record a sale wrote, found by the key it was sold under (the vendor's purchase id). */
export async function saleRecord(t: TestApp, key: string) {
  const [record] = await t.database.db
    .select()
    .from(tokenRecords)
    .where(eq(tokenRecords.idempotencyKey, key));
  return record;
}

/** What a sale writes, counted: token records, float movements, channel messages, and the vendor's float. */
export async function channelCounts(t: TestApp, vendorId: string) {
  const db = t.database.db;
  const [v] = await db.select().from(vendors).where(eq(vendors.vendorId, vendorId));
  return {
    records: (await db.select().from(tokenRecords)).length,
    movements: (await db.select().from(vendorFloatMovements)).length,
    messages: (await db.select().from(channelMessages)).length,
    balance: v?.balanceMinor,
  };
}

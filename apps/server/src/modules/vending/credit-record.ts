import type { CreditTokenRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { UserContext } from '../../lib/user-context.js';
import type { VendInputs } from './credit-vend.repo.js';
import { type PriceBreakdown, VEND_FIGURES } from './pricing.js';
import type { NewTokenRecord, TokenRecordRow } from './vending.repo.js';
import type { Vendable } from './vending-guards.js';

/**
 * The credit record: the one type a vend carries from pricing to its answer is the stored row itself
 * (`TokenRecordRow`). A vend makes it once (`creditRecord`), the write stores its `CREDIT_FIELDS` and fills in
 * the id and receipt number the database gave it, and the view (`creditRecordOf` in records.ts) and the
 * audit row are made from it. Nothing else lists its fields: the write statements take their columns and
 * SQL types from the schema through this list.
 */

/** The fields a credit vend writes, in the order its write statements list them; the rest keep their defaults. */
export const CREDIT_FIELDS = [
  'kind',
  'meterId',
  'meterType',
  'customerId',
  'customerName',
  'customerAddress',
  'tariffId',
  'tariffName',
  'stationId',
  'token',
  'tid',
  'tokenClass',
  'subclass',
  'purchaseWay',
  ...VEND_FIGURES,
  'remainderMinor',
  'carriedInMinor',
  'carriedOutMinor',
  'debtPercent',
  'totalDebtMinor',
  'remainingDebtMinor',
  'paymentMethod',
  'idempotencyKey',
  'remark',
  'createId',
] as const satisfies readonly (keyof TokenRecordRow)[];

export type CreditField = (typeof CREDIT_FIELDS)[number];

/** What the write statement stores of a credit record (a field left out is stored as null) and when. */
export type CreditRecordValues = Pick<NewTokenRecord, CreditField> & { createDate: Date };

/** The token a vend issued, as its record keeps it; a preview has none. */
export interface Issued {
  token: string;
  tid: number | null;
  subclass: number | null;
  idempotencyKey: string | null;
}
export const NOT_ISSUED: Issued = { token: '', tid: null, subclass: null, idempotencyKey: null };

/** What a credit record is made of: who sold it, what was asked, to whom, at what price, and when. */
export interface CreditRecordParts {
  ctx: UserContext;
  req: z.infer<typeof CreditTokenRequest>;
  v: Vendable;
  b: PriceBreakdown;
  debt: VendInputs['debt'];
  createDate: Date;
}

/**
 * The record of a priced vend with the token it issued (none on a preview), as the row the database will
 * hold once the write gives it its id and receipt number (0 until then). One literal with every column,
 * rather than values plus fields: V8 keeps a literal's properties fast, where an `Object.assign` of this
 * many leaves a dictionary that every later read, and the view and audit JSON made from it, pays for.
 */
export function creditRecord(p: CreditRecordParts, issued: Issued = NOT_ISSUED): TokenRecordRow {
  const { req, v, b, debt } = p;
  return {
    id: 0,
    kind: 'credit',
    receiptId: 0,
    meterId: v.meter.meterId,
    meterType: v.meter.type,
    customerId: v.customer.customerId,
    customerName: v.customer.customerName,
    customerAddress: v.customer.address,
    tariffId: v.tariff.tariffId,
    tariffName: v.tariff.tariffName,
    stationId: v.meter.stationId,
    token: issued.token,
    tokens: null,
    tid: issued.tid,
    tokenClass: 0,
    subclass: issued.subclass,
    purchaseWay: req.isVendByTotalPaid ? 0 : 1,
    units: b.units,
    totalPaidMinor: b.totalPaidMinor,
    energyMinor: b.energyMinor,
    taxMinor: b.taxMinor,
    monthlyChargeMinor: b.monthlyChargeMinor,
    payDebtMinor: b.payDebtMinor,
    remainderMinor: b.remainderMinor,
    carriedInMinor: b.carriedInMinor,
    carriedOutMinor: b.carriedOutMinor,
    debtPercent: req.payDebtPercent,
    totalDebtMinor: debt?.totalDebtMinor ?? 0,
    remainingDebtMinor: (debt?.remainingDebtMinor ?? 0) - b.payDebtMinor,
    paymentMethod: req.paymentMethod ?? null,
    value: null,
    keyChange: null,
    confirmed: null,
    status: 0,
    cancelsId: null,
    cancelRemark: null,
    cancelId: null,
    cancelDate: null,
    idempotencyKey: issued.idempotencyKey,
    remark: req.remark ?? null,
    createId: p.ctx.user.userId,
    createDate: p.createDate,
    updateId: null,
    updateDate: null,
  };
}

/** The record once written: the id and receipt number the write gave it. */
export function written(record: TokenRecordRow, w: { id: number; receiptId: number }): TokenRecordRow {
  record.id = w.id;
  record.receiptId = w.receiptId;
  return record;
}

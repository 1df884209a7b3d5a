import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { auditLogs, debts, meterKeys, users } from '../../db/schema.js';
import { meterTokenState, receiptCounters, tokenRecords } from '../../db/schema-vending.js';
import { present } from '../../lib/domain-errors.js';
import { rowsOf } from '../../lib/metrics.js';
import type { AuditRow } from '../audit/audit.js';
import type { StoredDecoderKey } from '../keystore/key-store.js';
import type { NewTokenRecord } from './vending.repo.js';

/**
 * The credit vend's hot path in as few statements as the guarantees allow (issue 16): one statement reads
 * everything pricing and the token need, and one statement writes everything the vend changes — no
 * transaction around them. The write is optimistic: it takes the meter's next TID only if the meter's last
 * TID is still the one read, repays the debt only if it is still the amount read, and takes the quota only
 * if it still suffices; otherwise it fails as a whole (`vend_require`, migration 0015) with a serialisation
 * failure and the vend reads, prices and writes again. Rows every vend touches (the receipt counter, the
 * hourly purchase summary the trigger keeps) are locked only for that one autocommitted statement.
 */

/** What the database knows that prices a vend and makes its token, as of one statement's snapshot. */
export interface VendInputs {
  /** The meter's last TID (null: none yet), which the write expects to find unchanged. */
  lastTid: number | null;
  /** Units bought, and whether the monthly charge was paid, since the billing period began. */
  periodUnits: number;
  monthlyPaid: boolean;
  debt: { totalDebtMinor: number; remainingDebtMinor: number } | null;
  /** The seller's quota left; null when unlimited. */
  remainingQuotaUnits: number | null;
  /** The meter's decoder key as stored (sealed; only the key store's vault opens it), or null. */
  key: StoredDecoderKey | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * One statement: the meter's last TID, the period's usage, the customer's debt, the seller's quota and the
 * meter's stored key. Both drivers' int8 answers (string or number) are read as numbers.
 */
export async function readVendInputs(
  q: Queryable,
  p: { meterId: string; customerId: string; userId: string; since: Date },
): Promise<VendInputs> {
  const res = await executePrepared(
    q,
    sql`
    select (select last_tid from ${meterTokenState} where meter_id = ${p.meterId}) as last_tid,
      u.units::text as period_units, u.monthly_paid, d.total_debt_minor::text as total_debt,
      d.remaining_debt_minor::text as remaining_debt,
      (select remaining_quota_units::text from ${users} where user_id = ${p.userId}) as remaining_quota,
      k.key_enc, k.sgc, k.krn, k.kt, k.ti, k.base_year
    from (
      select coalesce(sum(units), 0) as units, coalesce(bool_or(monthly_charge_minor > 0), false) as monthly_paid
      from ${tokenRecords}
      where meter_id = ${p.meterId} and kind = 'credit' and status = 0 and create_date >= ${p.since.toISOString()}::timestamptz
    ) u
    left join lateral (
      select total_debt_minor, remaining_debt_minor from ${debts} where customer_id = ${p.customerId}
    ) d on true
    left join ${meterKeys} k on k.meter_id = ${p.meterId}`,
  );
  const r = present(rowsOf<Record<string, unknown>>(res)[0], 'the vend inputs');
  const totalDebt = num(r.total_debt);
  return {
    lastTid: num(r.last_tid),
    periodUnits: Number(r.period_units),
    monthlyPaid: r.monthly_paid === true,
    debt:
      totalDebt === null ? null : { totalDebtMinor: totalDebt, remainingDebtMinor: Number(r.remaining_debt) },
    remainingQuotaUnits: num(r.remaining_quota),
    key:
      typeof r.key_enc === 'string'
        ? {
            keyEnc: r.key_enc,
            sgc: String(r.sgc),
            krn: Number(r.krn),
            kt: Number(r.kt),
            ti: Number(r.ti),
            baseYear: Number(r.base_year),
          }
        : null,
  };
}

/** A credit record as the write statement stores it: everything but the receipt number and the row id. */
export type CreditRecordValues = Omit<NewTokenRecord, 'id' | 'receiptId'> & { createDate: Date };

export interface CreditVendWrite {
  record: CreditRecordValues;
  /** The meter's last TID the vend was priced with: the write takes the next TID only if it is unchanged. */
  expectedLastTid: number | null;
  /** The customer's remaining debt the repayment was priced with (used when the vend repays debt). */
  expectedRemainingDebtMinor: number;
  /** Take the units from the seller's quota (a seller without a limit has nothing to take from). */
  quotaUnits: number | null;
  payDebtMinor: number;
  /** The audit row; its JSON after-image starts with `{"receiptId":0,` and gets the real number spliced in. */
  audit: AuditRow;
}

/**
 * The record's columns in the order the write statement lists them, with their types: parameters in an
 * INSERT … SELECT list are not typed by the target column, so each is cast.
 */
const RECORD_COLUMNS = [
  ['kind', 'kind', 'text'],
  ['meter_id', 'meterId', 'text'],
  ['meter_type', 'meterType', 'int'],
  ['customer_id', 'customerId', 'text'],
  ['customer_name', 'customerName', 'text'],
  ['customer_address', 'customerAddress', 'text'],
  ['tariff_id', 'tariffId', 'text'],
  ['tariff_name', 'tariffName', 'text'],
  ['station_id', 'stationId', 'text'],
  ['token', 'token', 'text'],
  ['tid', 'tid', 'int'],
  ['token_class', 'tokenClass', 'int'],
  ['subclass', 'subclass', 'int'],
  ['purchase_way', 'purchaseWay', 'int'],
  ['units', 'units', 'bigint'],
  ['total_paid_minor', 'totalPaidMinor', 'bigint'],
  ['energy_minor', 'energyMinor', 'bigint'],
  ['tax_minor', 'taxMinor', 'bigint'],
  ['monthly_charge_minor', 'monthlyChargeMinor', 'bigint'],
  ['pay_debt_minor', 'payDebtMinor', 'bigint'],
  ['remainder_minor', 'remainderMinor', 'bigint'],
  ['debt_percent', 'debtPercent', 'int'],
  ['total_debt_minor', 'totalDebtMinor', 'bigint'],
  ['remaining_debt_minor', 'remainingDebtMinor', 'bigint'],
  ['payment_method', 'paymentMethod', 'text'],
  ['idempotency_key', 'idempotencyKey', 'text'],
  ['remark', 'remark', 'text'],
  ['create_id', 'createId', 'text'],
] as const satisfies readonly (readonly [string, keyof CreditRecordValues, 'text' | 'int' | 'bigint'])[];

const RECEIPT_PLACEHOLDER = '{"receiptId":0,';

/**
 * The after-image with the receipt number the statement allocates: the JSON is made in JS (the same
 * serialisation as every audit row) with 0 in the first field, and the number is spliced in by SQL.
 */
function auditAfterImage(json: string | null): SQL {
  if (!json?.startsWith(RECEIPT_PLACEHOLDER))
    throw new Error('internal: a vend audit must start with receiptId');
  return sql`'{"receiptId":' || rec.receipt_id || ${json.slice(RECEIPT_PLACEHOLDER.length - 1)}`;
}

/** The statement's first step: the meter's next TID, taken only if the last one is still the one read. */
function takeTid(r: CreditRecordValues, expectedLastTid: number | null): SQL {
  const at = r.createDate.toISOString();
  return sql`insert into ${meterTokenState} as s (meter_id, last_tid, update_date)
    values (${r.meterId}, ${r.tid ?? null}::int, ${at}::timestamptz)
    on conflict (meter_id) do update set last_tid = excluded.last_tid, update_date = excluded.update_date
    where s.last_tid is not distinct from ${expectedLastTid}::int
    returning 1`;
}

/** The debt repayment (only if the debt is still what was priced) and the quota (only if it suffices). */
function debtAndQuota(w: CreditVendWrite): SQL {
  const r = w.record;
  const repays = w.payDebtMinor > 0 && r.customerId;
  const debt = repays
    ? sql`, debt as (update ${debts} set remaining_debt_minor = remaining_debt_minor - ${w.payDebtMinor},
          pay_debt_minor = pay_debt_minor + ${w.payDebtMinor}
        where customer_id = ${r.customerId} and remaining_debt_minor = ${w.expectedRemainingDebtMinor}
          and exists (select 1 from state) returning 1)`
    : sql``;
  const before = repays ? sql`debt` : sql`state`;
  const quota =
    w.quotaUnits === null
      ? sql`select 1 from ${before}`
      : sql`update ${users} set remaining_quota_units = remaining_quota_units - ${w.quotaUnits}
          where user_id = ${r.createId} and (remaining_quota_units is null or remaining_quota_units >= ${w.quotaUnits})
            and exists (select 1 from ${before}) returning 1`;
  return sql`${debt}, quota as (${quota})`;
}

/**
 * One autocommitted statement: the meter's TID, the debt, the quota, the next receipt number, the record and
 * its audit row — each step only if the one before it happened. When a step's condition no longer holds the
 * statement fails as a whole with a serialisation failure (see `isVendConflict`); otherwise it answers the
 * new record's id and receipt number.
 */
export async function writeCreditVend(
  q: Queryable,
  w: CreditVendWrite,
): Promise<{ id: number; receiptId: number }> {
  const r = w.record;
  const values = sql.join(
    RECORD_COLUMNS.map(([, field, type]) => sql`${r[field] ?? null}::${sql.raw(type)}`),
    sql`, `,
  );
  const a = w.audit;
  const res = await executePrepared(
    q,
    sql`
    with state as (${takeTid(r, w.expectedLastTid)})${debtAndQuota(w)},
    receipt as (
      insert into ${receiptCounters} (kind, last) select 'credit', 1 from quota
      on conflict (kind) do update set last = ${receiptCounters}.last + 1 returning last),
    rec as (
      insert into ${tokenRecords} (${sql.raw(RECORD_COLUMNS.map(([c]) => c).join(', '))}, receipt_id, create_date)
      select ${values}, receipt.last, ${r.createDate.toISOString()}::timestamptz from receipt
      returning id, receipt_id),
    audit as (
      insert into ${auditLogs} (title, action, content, content_before, content_after, ip_address, user_id, station_id)
      select ${a.title}, ${a.action}, ${a.content}, ${a.contentBefore}, ${auditAfterImage(a.contentAfter)},
        ${a.ipAddress}, ${a.userId}, ${a.stationId} from rec)
    select (select id::text from rec) as id, (select receipt_id from rec) as receipt_id,
      vend_require(exists (select 1 from rec), 'the TID, debt or quota it was priced with changed') as ok`,
  );
  const row = present(rowsOf<{ id: string; receipt_id: number }>(res)[0], 'the vend write');
  return { id: Number(row.id), receiptId: Number(row.receipt_id) };
}

import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { auditLogs, debts, meterKeys, users } from '../../db/schema.js';
import { meterTokenState, receiptCounters, tokenRecords } from '../../db/schema-vending.js';
import type { AuditRow } from '../../kernel/audit.js';
import { present } from '../../lib/domain-errors.js';
import { withFields } from '../../lib/with-fields.js';
import type { StoredDecoderKey } from '../keystore/index.js';
import { CREDIT_FIELDS, type CreditRecordValues } from './credit-record.js';

/**
 * The credit vend's hot path in as few statements as the guarantees allow: the vend context
 * (vending.repo.ts) reads everything pricing and the token need but the period's usage, read here only when
 * the tariff needs it, and one statement writes everything the vend changes — no transaction around them.
 * The write is optimistic: it takes the meter's next TID only if the meter's last TID and stored key are
 * still the ones read, repays the debt only if it is still the amount read, and takes the quota only if it
 * still suffices; otherwise it fails as a whole (`vend_require`, migration 0015) with a serialisation
 * failure and the vend reads, prices and writes again. Rows every vend touches (the receipt counter, the
 * hourly purchase summary the trigger keeps) are locked only for that one autocommitted statement.
 * Vends that reach the write together are written by one statement that does the same for each
 * (credit-vend-batch.repo.ts, through the group commit of vend-write-queue.ts).
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
  /** The meter's change carried forward from earlier sales, which this one spends first. */
  carriedMinor: number;
  /** The meter's decoder key as stored (sealed; only the key store's vault opens it), or null. */
  key: StoredDecoderKey | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const $ = sql.placeholder;

/** What the credit vend context (vending.repo.ts) read besides the meter: all inputs but the period's usage. */
export interface ContextInputs {
  lastTid: number | null;
  totalDebt: string | null;
  remainingDebt: string | null;
  remainingQuota: string | null;
  carried: string | null;
  key: StoredDecoderKey | null;
}

/** The period's usage of one meter since `since`: units bought and whether the monthly charge was paid. */
const periodUsageStatement = preparedStatement(sql`
  select coalesce(sum(units), 0)::text as units, coalesce(bool_or(monthly_charge_minor > 0), false) as monthly_paid
  from ${tokenRecords}
  where meter_id = ${$('meterId')} and kind = 'credit' and status = 0 and create_date >= ${$('since')}::timestamptz`);

/**
 * The inputs from what the credit vend context read, with the period's usage read now only when pricing
 * needs it (a stepped tariff places the units on its ladder; a monthly charge is due once a period).
 */
export async function completeInputs(
  q: Queryable,
  read: ContextInputs,
  period: { meterId: string; since: Date } | null,
): Promise<VendInputs> {
  let usage = { periodUnits: 0, monthlyPaid: false };
  if (period) {
    const res = await periodUsageStatement(q, { meterId: period.meterId, since: period.since.toISOString() });
    const r = present(rowsOf<{ units: string; monthly_paid: boolean }>(res)[0], 'the period usage');
    usage = { periodUnits: Number(r.units), monthlyPaid: r.monthly_paid === true };
  }
  const totalDebt = num(read.totalDebt);
  return {
    lastTid: num(read.lastTid),
    ...usage,
    debt:
      totalDebt === null
        ? null
        : { totalDebtMinor: totalDebt, remainingDebtMinor: Number(read.remainingDebt) },
    remainingQuotaUnits: num(read.remainingQuota),
    carriedMinor: num(read.carried) ?? 0,
    key: read.key,
  };
}

export interface CreditVendWrite {
  record: CreditRecordValues;
  /** The meter's last TID the vend was priced with: the write takes the next TID only if it is unchanged. */
  expectedLastTid: number | null;
  /** The meter's key as stored when the token was encoded: the write happens only if it is still the key. */
  expectedKeyEnc: string;
  /** The customer's remaining debt the repayment was priced with (used when the vend repays debt). */
  expectedRemainingDebtMinor: number;
  /** Take the units from the seller's quota (a seller without a limit has nothing to take from). */
  quotaUnits: number | null;
  payDebtMinor: number;
  /** The audit row; its JSON after-image starts with `{"receiptId":0,` and gets the real number spliced in. */
  audit: AuditRow;
}

/**
 * The credit record's columns (credit-record.ts lists its fields) with their SQL types, from the schema:
 * parameters in an INSERT … SELECT list are not typed by the target column, so each is cast.
 */
export const RECORD_COLUMNS = CREDIT_FIELDS.map(
  (field) => [tokenRecords[field].name, field, tokenRecords[field].getSQLType()] as const,
);

const RECEIPT_PLACEHOLDER = '{"receiptId":0,';

/**
 * The after-image with the receipt number the statement allocates: the JSON is made in JS (the same
 * serialisation as every audit row) with 0 in the first field, and the rest (`auditAfterRest`) follows the
 * number the statement takes.
 */
export function auditAfterRest(json: string | null): string {
  if (!json?.startsWith(RECEIPT_PLACEHOLDER))
    throw new Error('internal: a vend audit must start with receiptId');
  return json.slice(RECEIPT_PLACEHOLDER.length - 1);
}

/**
 * The statement's first step: the meter's next TID, taken only if the last one is still the one read and
 * the meter's key is still the one the token was encoded with (a key change did not land in between).
 */
const takeTid = (gate: SQL) => sql`insert into ${meterTokenState} as s (meter_id, last_tid, update_date)
    select ${$('meterId')}, ${$('tid')}::int, ${$('createDate')}::timestamptz
    where exists (select 1 from ${meterKeys} where meter_id = ${$('meterId')} and key_enc = ${$('expectedKeyEnc')})${gate}
    on conflict (meter_id) do update set last_tid = excluded.last_tid, update_date = excluded.update_date
    where s.last_tid is not distinct from ${$('expectedLastTid')}::int
    returning 1`;

/** The debt repayment (only if the debt is still what was priced) and the quota (only if it suffices). */
function debtAndQuota(repays: boolean, takesQuota: boolean): SQL {
  const debt = repays
    ? sql`, debt as (update ${debts} set remaining_debt_minor = remaining_debt_minor - ${$('payDebtMinor')},
          pay_debt_minor = pay_debt_minor + ${$('payDebtMinor')}
        where customer_id = ${$('customerId')} and remaining_debt_minor = ${$('expectedRemainingDebtMinor')}
          and exists (select 1 from state) returning 1)`
    : sql``;
  const before = repays ? sql`debt` : sql`state`;
  const quota = takesQuota
    ? sql`update ${users} set remaining_quota_units = remaining_quota_units - ${$('quotaUnits')}
          where user_id = ${$('createId')} and (remaining_quota_units is null or remaining_quota_units >= ${$('quotaUnits')})
            and exists (select 1 from ${before}) returning 1`
    : sql`select 1 from ${before}`;
  return sql`${debt}, quota as (${quota})`;
}

/**
 * What a seller adds to the vend's one statement (a channel's float, ledger and message): CTEs before the
 * vend (`head`, ending in a comma), a condition the TID step also needs (`gate`, so nothing is written
 * when it does not hold), CTEs after the record (`tail`, starting with a comma, reading `rec`), more
 * answer columns (`answer`, starting with a comma) and when a missing record is not a lost race (`excused`).
 */
export interface VendWriteExtension {
  head: SQL;
  gate: SQL;
  tail: SQL;
  answer: SQL;
  excused: SQL;
}

const NO_EXTENSION: VendWriteExtension = {
  head: sql``,
  gate: sql``,
  tail: sql``,
  answer: sql``,
  excused: sql`false`,
};

/**
 * The write for one shape of vend (repays debt or not, takes quota or not), built once: the meter's TID,
 * the debt, the quota, the next receipt number, the record and its audit row — each step only if the one
 * before it happened — and `vend_require` failing the whole statement when the last step did not happen.
 */
export function vendWriteSql(repays: boolean, takesQuota: boolean, x: VendWriteExtension = NO_EXTENSION) {
  const values = sql.join(
    RECORD_COLUMNS.map(([, field, type]) => sql`${$(field)}::${sql.raw(type)}`),
    sql`, `,
  );
  return sql`
    with ${x.head} state as (${takeTid(x.gate)})${debtAndQuota(repays, takesQuota)},
    receipt as (
      insert into ${receiptCounters} (kind, last) select 'credit', 1 from quota
      on conflict (kind) do update set last = ${receiptCounters}.last + 1 returning last),
    rec as (
      insert into ${tokenRecords} (${sql.raw(RECORD_COLUMNS.map(([c]) => c).join(', '))}, receipt_id, create_date)
      select ${values}, receipt.last, ${$('createDate')}::timestamptz from receipt
      returning id, receipt_id),
    audit as (
      insert into ${auditLogs} (title, action, content, content_before, content_after, ip_address, user_id, station_id)
      select ${$('auditTitle')}, ${$('auditAction')}, ${$('auditContent')}, ${$('auditBefore')},
        '{"receiptId":' || rec.receipt_id || ${$('auditAfterRest')}, ${$('auditIp')}, ${$('auditUserId')},
        ${$('auditStationId')} from rec)${x.tail}
    select (select id::text from rec) as id, (select receipt_id from rec) as receipt_id${x.answer},
      vend_require(exists (select 1 from rec) or ${x.excused},
        'the TID, key, debt or quota it was priced with changed') as ok`;
}

/** The four shapes of a vend's write, each prepared once. */
export function vendWrites(x?: VendWriteExtension) {
  const shape = (repays: boolean, takesQuota: boolean) =>
    preparedStatement(vendWriteSql(repays, takesQuota, x));
  return {
    plain: shape(false, false),
    quota: shape(false, true),
    debt: shape(true, false),
    debtAndQuota: shape(true, true),
  };
}

const WRITES = vendWrites();

/** Every placeholder of the write, null where the vend has no value (a placeholder must have one). */
export function writeValues(w: CreditVendWrite): Record<string, unknown> {
  const r = w.record;
  const a = w.audit;
  const values: Record<string, unknown> = {};
  for (const [, field] of RECORD_COLUMNS) values[field] = r[field] ?? null;
  return withFields(values, {
    createDate: r.createDate.toISOString(),
    expectedLastTid: w.expectedLastTid,
    expectedKeyEnc: w.expectedKeyEnc,
    payDebtMinor: w.payDebtMinor,
    expectedRemainingDebtMinor: w.expectedRemainingDebtMinor,
    quotaUnits: w.quotaUnits,
    auditTitle: a.title,
    auditAction: a.action,
    auditContent: a.content,
    auditBefore: a.contentBefore,
    auditAfterRest: auditAfterRest(a.contentAfter),
    auditIp: a.ipAddress,
    auditUserId: a.userId,
    auditStationId: a.stationId,
  });
}

/** Whether the vend repays debt (and so updates its customer's debt row). */
export function repaysDebt(w: CreditVendWrite): boolean {
  return w.payDebtMinor > 0 && Boolean(w.record.customerId);
}

/** The one of the four writes that fits the vend's shape (repays debt or not, takes quota or not). */
export function writeOfShape<T>(
  writes: { plain: T; quota: T; debt: T; debtAndQuota: T },
  w: CreditVendWrite,
): T {
  const takesQuota = w.quotaUnits !== null;
  if (repaysDebt(w)) return takesQuota ? writes.debtAndQuota : writes.debt;
  return takesQuota ? writes.quota : writes.plain;
}

/**
 * One autocommitted statement writes the whole vend. When a step's condition no longer holds the statement
 * fails as a whole with a serialisation failure (see `isVendConflict`); otherwise it answers the new
 * record's id and receipt number.
 */
export async function writeCreditVend(
  q: Queryable,
  w: CreditVendWrite,
): Promise<{ id: number; receiptId: number }> {
  const res = await writeOfShape(WRITES, w)(q, writeValues(w));
  const row = present(rowsOf<{ id: string; receipt_id: number }>(res)[0], 'the vend write');
  return { id: Number(row.id), receiptId: Number(row.receipt_id) };
}

import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { auditLogs, debts, meterKeys, users } from '../../db/schema.js';
import { meterTokenState, receiptCounters, tokenRecords } from '../../db/schema-vending.js';
import { auditAfterRest, type CreditVendWrite, RECORD_COLUMNS, repaysDebt } from './credit-vend.repo.js';

/**
 * Several credit vends written by one statement (the group commit of vend-write-queue.ts). It
 * makes for each vend exactly what `writeCreditVend` makes for one — the meter's next TID if its last TID
 * and key are still the ones priced with, the debt repayment if the debt is still as priced, the quota if
 * it suffices, the next receipt number, the record and its audit row — and fails as a whole, with the same
 * serialisation failure, when any vend's expectation no longer holds. The caller keeps the vends of one
 * statement on distinct meters, repaying customers and quota holders: an UPDATE … FROM meets each row once.
 *
 * The input's rows reach each table by its key (`= any(array(…))`, a scalar subquery per row) rather than
 * by a join the planner may hash: it takes the input for 100 rows and would read every meter's TID row.
 *
 * Why: a vend's write is mostly per-statement work in the database (executor start, opening three tables'
 * indexes, commit), not per-row work, so one statement for the vends that reach the write together costs
 * little more than one for a single vend.
 */

/** The input rows' columns: each vend's record, what it expects, and its audit row. */
const INPUT_COLUMNS = [
  ...RECORD_COLUMNS.map(([column, , type]) => `${column} ${type}`),
  'create_date timestamptz',
  'ord int',
  'expected_last_tid int',
  'expected_key_enc text',
  'repays boolean',
  'expected_remaining_debt_minor bigint',
  'quota_units bigint',
  'audit_title text',
  'audit_action text',
  'audit_content text',
  'audit_before text',
  'audit_after_rest text',
  'audit_ip text',
  'audit_user_id text',
  'audit_station_id text',
].join(', ');

const recordColumns = RECORD_COLUMNS.map(([column]) => column);

const writeAll = preparedStatement(sql`
  with i as (select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(${sql.raw(INPUT_COLUMNS)})),
  n as (select count(*)::int as n from i),
  moved as (
    update ${meterTokenState} s set last_tid = i.tid, update_date = i.create_date from i
    where s.meter_id = any(array(select meter_id from i)) and s.meter_id = i.meter_id
      and s.last_tid is not distinct from i.expected_last_tid
      and (select k.key_enc from ${meterKeys} k where k.meter_id = i.meter_id) = i.expected_key_enc
    returning 1),
  first as (
    insert into ${meterTokenState} (meter_id, last_tid, update_date)
    select i.meter_id, i.tid, i.create_date from i
    where (select 1 from ${meterTokenState} s where s.meter_id = i.meter_id) is null
      and (select k.key_enc from ${meterKeys} k where k.meter_id = i.meter_id) = i.expected_key_enc
    on conflict (meter_id) do nothing
    returning 1),
  debt as (
    update ${debts} d set remaining_debt_minor = d.remaining_debt_minor - i.pay_debt_minor,
      pay_debt_minor = d.pay_debt_minor + i.pay_debt_minor
    from i where d.customer_id = any(array(select customer_id from i where repays))
      and i.repays and d.customer_id = i.customer_id
      and d.remaining_debt_minor = i.expected_remaining_debt_minor
    returning 1),
  quota as (
    update ${users} u set remaining_quota_units = u.remaining_quota_units - i.quota_units
    from i where u.user_id = any(array(select create_id from i where quota_units is not null))
      and i.quota_units is not null and u.user_id = i.create_id
      and (u.remaining_quota_units is null or u.remaining_quota_units >= i.quota_units)
    returning 1),
  receipt as (
    insert into ${receiptCounters} (kind, last) select 'credit', n from n
    on conflict (kind) do update set last = ${receiptCounters}.last + excluded.last
    returning last),
  rec as (
    insert into ${tokenRecords} (${sql.raw(recordColumns.join(', '))}, receipt_id, create_date)
    select ${sql.raw(recordColumns.map((c) => `i.${c}`).join(', '))}, receipt.last - n.n + i.ord, i.create_date
    from i, receipt, n
    returning id, receipt_id),
  audit as (
    insert into ${auditLogs} (title, action, content, content_before, content_after, ip_address, user_id, station_id)
    select i.audit_title, i.audit_action, i.audit_content, i.audit_before,
      '{"receiptId":' || rec.receipt_id || i.audit_after_rest, i.audit_ip, i.audit_user_id, i.audit_station_id
    from rec, receipt, n, i where i.ord = rec.receipt_id - (receipt.last - n.n)),
  checked as (
    select vend_require(
      (select count(*) from moved) + (select count(*) from first) = n.n
        and (select count(*) from debt) = (select count(*) from i where i.repays)
        and (select count(*) from quota) = (select count(*) from i where i.quota_units is not null),
      'the TID, key, debt or quota a vend was priced with changed') as ok
    from n)
  select rec.id::text as id, rec.receipt_id from rec, checked where checked.ok order by rec.receipt_id`);

/** A vend's input row: its record's columns, what it expects, and its audit row (ord numbers its receipt). */
function inputRow(w: CreditVendWrite, ord: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [column, field] of RECORD_COLUMNS) row[column] = w.record[field] ?? null;
  const a = w.audit;
  return Object.assign(row, {
    pay_debt_minor: w.payDebtMinor,
    create_date: w.record.createDate.toISOString(),
    ord,
    expected_last_tid: w.expectedLastTid,
    expected_key_enc: w.expectedKeyEnc,
    repays: repaysDebt(w),
    expected_remaining_debt_minor: w.expectedRemainingDebtMinor,
    quota_units: w.quotaUnits,
    audit_title: a.title,
    audit_action: a.action,
    audit_content: a.content,
    audit_before: a.contentBefore,
    audit_after_rest: auditAfterRest(a.contentAfter),
    audit_ip: a.ipAddress,
    audit_user_id: a.userId,
    audit_station_id: a.stationId,
  });
}

/**
 * Writes the vends in one autocommitted statement, all or none; answers each one's record id and receipt
 * number, in the order given (the queue checks that every vend got one). A vend whose expectation moved
 * fails them all (see `vendConflict`).
 */
export async function writeCreditVends(
  q: Queryable,
  writes: readonly CreditVendWrite[],
): Promise<{ id: number; receiptId: number }[]> {
  const rows = JSON.stringify(writes.map((w, k) => inputRow(w, k + 1)));
  const out = rowsOf<{ id: string; receipt_id: number }>(await writeAll(q, { rows }));
  return out.map((r) => ({ id: Number(r.id), receiptId: Number(r.receipt_id) }));
}

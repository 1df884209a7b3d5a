import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import {
  auditLogs,
  channelMessages,
  debts,
  meterKeys,
  users,
  vendorFloatMovements,
  vendors,
} from '../../db/schema.js';
import { meterTokenState, receiptCounters, tokenRecords } from '../../db/schema-vending.js';
import type { ChannelSaleRows, ChannelSaleWritten } from './channel-sale.repo.js';
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
 *
 * A channel sale (a vendor's machine selling) rides in the same statement with its own rows, as
 * `writeChannelSale` writes them for one sale. Each vendor's float and day counter are debited once by its
 * sales' total (`vs`, `v`: an UPDATE … FROM meets each vendor's row once), within its limits — the total
 * fits exactly when each sale would have fitted in turn; each sale's ledger row then holds the balance left
 * after it in arrival order. The caller puts one vendor's sales in a statement only when they count the
 * same day. A float or a day that refuses fails the whole statement like a moved expectation, and the queue
 * writes each vend alone, in arrival order, where only the sales past the limit are refused.
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
  'ch_vendor_id text',
  'ch_amount_minor bigint',
  'ch_day date',
  'ch_message_id text',
  'ch_state text',
  'ch_detail jsonb',
].join(', ');

/** A vendor's day counter after its sales: its counter if it counts that day, plus their total. */
const DAY_SOLD = '(case when sold_day = vs.ch_day then day_sold_minor else 0 end) + vs.total';

const recordColumns = RECORD_COLUMNS.map(([column]) => column);

const writeAll = preparedStatement(sql`
  with i as (select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x(${sql.raw(INPUT_COLUMNS)})),
  n as (select count(*)::int as n from i),
  vs as (
    select ch_vendor_id, min(ch_day) as ch_day, sum(ch_amount_minor)::bigint as total from i
    where ch_vendor_id is not null group by ch_vendor_id),
  v as (
    update ${vendors} set balance_minor = balance_minor - vs.total,
      day_sold_minor = ${sql.raw(DAY_SOLD)}, sold_day = vs.ch_day
    from vs where ${vendors}.vendor_id = any(array(select ch_vendor_id from vs))
      and ${vendors}.vendor_id = vs.ch_vendor_id and enabled
      and balance_minor - vs.total >= -credit_limit_minor
      and (daily_limit_minor is null or ${sql.raw(DAY_SOLD)} <= daily_limit_minor)
    returning ${vendors}.vendor_id, balance_minor, credit_limit_minor, commission_bp),
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
  sold as (
    select i.*, rec.id as record_id, v.credit_limit_minor,
      v.balance_minor + coalesce(sum(i.ch_amount_minor) over (partition by i.ch_vendor_id order by i.ord desc
        rows between unbounded preceding and 1 preceding), 0) as balance_minor,
      (i.ch_amount_minor * v.commission_bp + 5000) / 10000 as commission
    from rec, receipt, n, i, v
    where i.ord = rec.receipt_id - (receipt.last - n.n) and v.vendor_id = i.ch_vendor_id),
  ledger as (
    insert into ${vendorFloatMovements} (vendor_id, movement_kind, amount_minor, balance_after_minor,
      commission_minor, message_id, token_record_id, create_id, create_date)
    select ch_vendor_id, 'sale', -ch_amount_minor, balance_minor, commission, ch_message_id, record_id,
      create_id, create_date from sold),
  msg as (
    insert into ${channelMessages} (vendor_id, message_id, kind, meter_id, token_record_id, amount_minor,
      state, detail, create_date)
    select ch_vendor_id, ch_message_id, 'purchase', meter_id, record_id, ch_amount_minor, ch_state,
      ch_detail || jsonb_build_object('commissionMinor', commission), create_date from sold),
  checked as (
    select vend_require(
      (select count(*) from moved) + (select count(*) from first) = n.n
        and (select count(*) from debt) = (select count(*) from i where i.repays)
        and (select count(*) from quota) = (select count(*) from i where i.quota_units is not null)
        and (select count(*) from v) = (select count(*) from vs),
      'the TID, key, debt, quota or float a vend was priced with changed') as ok
    from n)
  select rec.id::text as id, rec.receipt_id, sold.balance_minor::text as balance_minor,
    sold.credit_limit_minor::text as credit_limit_minor
  from rec left join sold on sold.record_id = rec.id, checked
  where checked.ok order by rec.receipt_id`);

/** A vend of the statement, and the channel's rows when a vendor's machine sells it. */
export interface BatchVend {
  write: CreditVendWrite;
  sale?: ChannelSaleRows | undefined;
}

/** What the statement wrote for a vend: its record, and for a channel sale the float it left. */
export interface BatchWritten {
  id: number;
  receiptId: number;
  floatLeft?: ChannelSaleWritten;
}

/** A channel sale's columns of its input row (all null for a console vend). */
const saleColumns = (c: ChannelSaleRows | undefined) => ({
  ch_vendor_id: c?.vendorId ?? null,
  ch_amount_minor: c?.amountMinor ?? null,
  ch_day: c?.day ?? null,
  ch_message_id: c?.messageId ?? null,
  ch_state: c?.state ?? null,
  ch_detail: c?.detail ?? null,
});

/** A vend's input row: its record's columns, what it expects, and its audit row (ord numbers its receipt). */
function inputRow({ write: w, sale }: BatchVend, ord: number): Record<string, unknown> {
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
    ...saleColumns(sale),
  });
}

/**
 * Writes the vends in one autocommitted statement, all or none; answers each one's record id and receipt
 * number, in the order given (the queue checks that every vend got one). A vend whose expectation moved
 * fails them all (see `vendConflict`).
 */
export async function writeCreditVends(q: Queryable, vends: readonly BatchVend[]): Promise<BatchWritten[]> {
  const rows = JSON.stringify(vends.map((w, k) => inputRow(w, k + 1)));
  type Row = {
    id: string;
    receipt_id: number;
    balance_minor: string | null;
    credit_limit_minor: string | null;
  };
  const out = rowsOf<Row>(await writeAll(q, { rows }));
  return out.map((r) => {
    const written: BatchWritten = { id: Number(r.id), receiptId: Number(r.receipt_id) };
    if (r.balance_minor === null) return written;
    const floatLeft = {
      ...written,
      balanceMinor: Number(r.balance_minor),
      creditLimitMinor: Number(r.credit_limit_minor),
    };
    return { ...written, floatLeft };
  });
}

import { sql } from 'drizzle-orm';
import { accounts, customers, debts, meters, stations, tariffs, tokenRecords } from '../src/db/schema.js';
import type { TestApp } from './harness.js';

export const REPORT_STATIONS = ['S1', 'S2'] as const;

export interface FixtureMeter {
  meterId: string;
  customerId: string;
  stationId: string;
  tariffId: string;
  accountCreated: Date;
}

/** Accounts across two stations, written straight to the tables (master data has its own tests). */
export async function reportAccounts(t: TestApp, perStation = 3): Promise<FixtureMeter[]> {
  const db = t.database.db;
  await db
    .insert(stations)
    .values(REPORT_STATIONS.map((stationId) => ({ stationId, name: `Station ${stationId}` })))
    .onConflictDoNothing();
  const out: FixtureMeter[] = [];
  for (const stationId of REPORT_STATIONS) {
    const tariffId = `T${stationId}`;
    await db
      .insert(tariffs)
      .values({ tariffId, tariffName: 'RES', priceMinor: 1000, stationId })
      .onConflictDoNothing();
    for (let i = 0; i < perStation; i++) {
      const meterId = `47${stationId === 'S1' ? '1' : '2'}0000000${i}`;
      const customerId = `C${meterId}`;
      // Accounts opened on different days, so "never purchased" rows have different day counts.
      const accountCreated = new Date(2026, 5, 1 + i * 7, 9, 30);
      out.push({ meterId, customerId, stationId, tariffId, accountCreated });
      await db
        .insert(customers)
        .values({ customerId, customerName: `Customer ${i}`, address: 'Road', stationId });
      await db.insert(meters).values({ meterId, stationId, status: true });
      await db
        .insert(accounts)
        .values({ meterId, customerId, tariffId, stationId, createDate: accountCreated });
      if (i % 2 === 0) {
        await db.insert(debts).values({
          customerId,
          totalDebtMinor: 10_000_00,
          remainingDebtMinor: 8_000_00,
          payDebtMinor: 2_000_00,
          stationId,
        });
      }
    }
  }
  return out;
}

export interface Vend {
  meter: FixtureMeter;
  at: Date;
  units: number;
  paidMinor: number;
  payDebtMinor: number;
  cancelled: boolean;
}

let receipt = 1_000_000;

/** Stores issued credit vends, then cancels some the way the cancel service does (status 0 → 1). */
export async function storeVends(t: TestApp, vends: Vend[]): Promise<void> {
  const db = t.database.db;
  const rows = await db
    .insert(tokenRecords)
    .values(
      vends.map((v) => ({
        kind: 'credit' as const,
        receiptId: receipt++,
        meterId: v.meter.meterId,
        customerId: v.meter.customerId,
        tariffId: v.meter.tariffId,
        stationId: v.meter.stationId,
        token: '12345678901234567890',
        units: v.units,
        totalPaidMinor: v.paidMinor,
        payDebtMinor: v.payDebtMinor,
        createId: 'admin',
        createDate: v.at,
      })),
    )
    .returning({ id: tokenRecords.id });
  const cancel = rows.filter((_, i) => vends[i]?.cancelled).map((r) => r.id);
  if (cancel.length) {
    await db.execute(sql`update token_records set status = 1 where id in (${sql.join(cancel, sql`, `)})`);
  }
}

/** Empties what one property run wrote (TRUNCATE skips the row triggers, so summaries go too). */
export async function clearReportData(t: TestApp): Promise<void> {
  await t.database.db.execute(
    sql`truncate token_records, purchase_hourly, meter_last_purchase, meter_purchase_ledger, meter_daily_data, consumption_daily, alarms`,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const wire = (d: Date) =>
  `${dayKey(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
/** Whole calendar days from a to b (local dates). */
export const daysBetween = (a: Date, b: Date) =>
  Math.round(
    (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) -
      Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
      86_400_000,
  );

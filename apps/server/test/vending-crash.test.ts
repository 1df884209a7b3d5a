import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { manualClock } from '../src/lib/clock.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { queryRows, type TestApp } from './harness.js';
import { type Answer, createStorage, startServer } from './server-process.js';
import { testConfig } from './test-config.js';
import { vendableMeter } from './vending-fixture.js';

const PASSWORD = 'Crash#Admin-Pass-1';
const AUTH = 'Crash#Auth-Pass-1';
let storage: Awaited<ReturnType<typeof createStorage>> | undefined;
afterAll(() => storage?.remove());

/** Rows the invariants are checked on, read straight from the database after the crash. */
async function books(database: Awaited<ReturnType<NonNullable<typeof storage>['open']>>) {
  const q = <T>(text: string) => queryRows<T>(database, sql.raw(text));
  const records = await q<{
    receipt_id: number;
    tid: number;
    token: string;
    units: string;
    pay_debt_minor: string;
  }>(
    `select receipt_id, tid, token, units, pay_debt_minor from token_records where kind = 'credit' order by receipt_id`,
  );
  const [debt] = await q<{ remaining: string; paid: string }>(
    `select remaining_debt_minor as remaining, pay_debt_minor as paid from debts`,
  );
  const [counter] = await q<{ last: number }>(`select last from receipt_counters where kind = 'credit'`);
  const [state] = await q<{ last_tid: number }>(`select last_tid from meter_token_state`);
  const [quota] = await q<{ remaining: string }>(
    `select remaining_quota_units as remaining from users where user_id = 'admin'`,
  );
  return { records, debt, counter, state, quota };
}

describe('a vend interrupted by killing the server', () => {
  it('leaves each vend either fully recorded (token, debt, quota, counters) or not at all', async () => {
    storage = await createStorage('prepay_crash');
    // Prepare the database as an operator would have: admin, a vendable meter with debt, a quota.
    {
      const database = await storage.open();
      const config = testConfig({
        adminPassword: PASSWORD,
        adminAuthorizationPassword: AUTH,
        dataDir: storage.dir,
      });
      await bootstrap(database.db, config);
      const app = await buildApp({ config, database, clock: manualClock(), logger: false });
      await vendableMeter({ app, database } as unknown as TestApp, {
        meterId: '47300000001',
        debtMinor: 1_000_000_00,
      });
      await database.db.execute(
        sql`update users set total_quota_units = 100000000, remaining_quota_units = 100000000`,
      );
      await app.close();
      await database.close();
    }

    const server = await startServer({ ...storage.env, SEED: 'none', LOG_LEVEL: 'warn' });
    const login = await server.post<{ token: string }>('/api/user/login', {
      userId: 'admin',
      password: PASSWORD,
    });
    const token = login.result.token;
    const vend = (i: number) =>
      server
        .post<{ receiptId: number }>(
          '/api/token/creditToken/generate',
          {
            meterId: '47300000001',
            isPreview: false,
            isVendByTotalPaid: true,
            amount: String(1000 + i),
            payDebtPercent: 10,
            authorizationPassword: AUTH,
          },
          token,
        )
        .catch(() => null as Answer<{ receiptId: number }> | null);

    // A steady stream of vends; the process is killed while some are in flight.
    const inFlight: Promise<Answer<{ receiptId: number }> | null>[] = [];
    let acknowledged = 0;
    for (let i = 0; i < 12; i++) {
      const p = vend(i);
      inFlight.push(p);
      void p.then((a) => {
        if (a?.code === 0) acknowledged++;
      });
    }
    while (acknowledged < 3) await new Promise((r) => setTimeout(r, 20));
    for (let i = 12; i < 40; i++) inFlight.push(vend(i));
    await new Promise((r) => setTimeout(r, 150));
    await server.kill();
    const answers = await Promise.all(inFlight);
    const confirmed = answers.filter((a) => a?.code === 0).map((a) => a!.result.receiptId);
    expect(confirmed.length).toBeGreaterThanOrEqual(3);

    // After the crash the database opens cleanly and the books balance exactly.
    const database = await storage.open();
    try {
      const { records, debt, counter, state, quota } = await books(database);
      // Every acknowledged vend is there; nothing half-written: each row has its token and TID.
      for (const id of confirmed) expect(records.map((r) => r.receipt_id)).toContain(id);
      for (const r of records) {
        expect(r.token).toMatch(/^\d{20}$/);
        expect(r.tid).toBeGreaterThan(0);
      }
      expect(records.length).toBeLessThan(40);
      // Counters, TID state, debt and quota moved exactly with the rows that exist.
      expect(counter?.last ?? 0).toBe(records.length);
      expect(records.map((r) => r.receipt_id)).toEqual(records.map((_, i) => i + 1));
      expect(state?.last_tid).toBe(Math.max(...records.map((r) => r.tid)));
      const paid = records.reduce((s, r) => s + Number(r.pay_debt_minor), 0);
      expect(Number(debt?.paid)).toBe(paid);
      expect(Number(debt?.remaining)).toBe(1_000_000_00 - paid);
      const units = records.reduce((s, r) => s + Number(r.units), 0);
      expect(Number(quota?.remaining)).toBe(100000000 - units);
    } finally {
      await database.close();
    }

    // And the product starts again on it.
    const again = await startServer({ ...storage.env, SEED: 'none', LOG_LEVEL: 'warn' });
    const relogin = await again.post('/api/user/login', { userId: 'admin', password: PASSWORD });
    expect(relogin.code).toBe(0);
    expect(await again.stop()).toBe(0);
  });
});

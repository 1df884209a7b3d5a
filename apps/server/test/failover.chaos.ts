import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the scripts, no type declarations
import { startFailoverPair } from '../../../scripts/pg-failover.mjs';
import { openPostgres, rowsOf } from '../src/db/client.js';
import { startHaproxy } from './haproxy.js';
import { seedVendableMeters } from './ops-fixture.js';
import { freePort, serverSuite, startServer } from './server-process.js';
import { type LoadTally, vendingClients } from './vend-load.js';

interface FailoverPair {
  url: string;
  states(): Promise<{ name: string; port: number; reported: string }[]>;
  steady(): Promise<string>;
  kill(name: string): void;
  stop(): Promise<void>;
}

const CLIENTS = 16;
const METERS = 32;
const PREFIX = 'failover';
const suite = serverSuite('failover');
const { servers, work } = suite;

/** Polls until `check` holds or a client failed; throws past the deadline. */
async function until(what: string, ms: number, check: () => boolean, failure: () => Error | undefined) {
  const deadline = Date.now() + ms;
  while (!check()) {
    const failed = failure();
    if (failed) throw failed;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every acknowledged vend as stored: rows per key, the receipt, and any TID a meter got twice. */
async function stored(url: string) {
  const check = await openPostgres(url, 2);
  try {
    const rows = rowsOf<{ key: string; receipt_id: number; n: number }>(
      await check.db.execute(
        sql`select idempotency_key as key, min(receipt_id) as receipt_id, count(*)::int as n from token_records where idempotency_key like ${`${PREFIX}-%`} group by 1`,
      ),
    );
    const reused = rowsOf(
      await check.db.execute(
        sql`select meter_id, tid from token_records where tid is not null group by 1, 2 having count(*) > 1`,
      ),
    );
    return { byKey: new Map(rows.map((r) => [r.key, r])), reused };
  } finally {
    await check.close();
  }
}

/**
 * How the primary acknowledges a commit, seen from a session of the app's own pool: only once a synchronous
 * standby has it (pg_auto_failover names the standby in synchronous_standby_names).
 */
async function commitRule(url: string) {
  const check = await openPostgres(url, 1);
  try {
    const [row] = rowsOf<{ names: string; commit: string; sync: number }>(
      await check.db.execute(
        sql`select current_setting('synchronous_standby_names') as names, current_setting('synchronous_commit') as commit, (select count(*)::int from pg_stat_replication where sync_state in ('sync', 'quorum')) as sync`,
      ),
    );
    return row;
  } finally {
    await check.close();
  }
}

/** One process's Prometheus metrics (its operations listener). */
const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

/** The figures `npm run chaos` prints (CHAOS_REPORT names a file to write them to). */
function report(tally: LoadTally, killedAt: number, storedRows: number, duplicates: number, reused: number) {
  const firstAfter = Math.min(...tally.acks.filter((a) => a.sentAt > killedAt).map((a) => a.ackedAt));
  const figures = {
    test: 'database failover',
    acknowledgedVends: tally.acks.length,
    stored: storedRows,
    duplicates,
    tidsReused: reused,
    unavailabilitySeconds: Number(((firstAfter - killedAt) / 1000).toFixed(2)),
    retryableAnswers: tally.retryableApi + tally.retryableBalancer,
    retryableFromApi: tally.retryableApi,
    retryableFromBalancer: tally.retryableBalancer,
    retriedVends: tally.acks.filter((a) => a.attempts > 1).length,
  };
  console.log(`failover figures: ${JSON.stringify(figures)}`);
  if (process.env.CHAOS_REPORT)
    writeFileSync(process.env.CHAOS_REPORT, `${JSON.stringify(figures)}\n`, { flag: 'a' });
  return figures;
}

describe('vending on a pg_auto_failover pair (primary + synchronous standby)', () => {
  it('keeps selling through a SIGKILL of the primary: every acknowledged vend stored once, no TID reused, retries safe', async () => {
    const pair = (await startFailoverPair()) as FailoverPair;
    suite.database = pair;
    const ids = await seedVendableMeters(await openPostgres(pair.url, 2), work, METERS);
    const env = { DATABASE_URL: pair.url, DATA_DIR: work, SEED: 'none', HEADEND: 'off' };
    const metricsPorts = [await freePort(), await freePort()];
    for (const port of metricsPorts) servers.push(await startServer({ ...env, METRICS_PORT: String(port) }));
    const balancer = await startHaproxy(
      servers.map((s) => Number(new URL(s.base).port)),
      work,
    );
    suite.haproxy = balancer;
    let stop = false;
    const load = vendingClients(balancer.base, ids, {
      clients: CLIENTS,
      prefix: PREFIX,
      stop: () => stop,
      giveUpMs: 90_000,
    });
    const { tally } = load;
    await until('vending under way', 60_000, () => tally.acks.length >= 80, load.failure);

    const primary = await pair.steady();
    const rule = await commitRule(pair.url);
    expect(rule?.names).not.toBe('');
    expect(rule?.commit).toBe('on');
    expect(rule?.sync).toBe(1);
    expect(await scrape(metricsPorts[0] ?? 0)).toMatch(
      /^prepay_db_replication_lag_bytes\{standby="[^"]+",sync="(sync|quorum)"\} \d+$/m,
    );
    const killedAt = Date.now();
    pair.kill(primary);
    // Vending resumes by itself: vends sent after the kill are acknowledged, on the promoted standby.
    const afterKill = () => tally.acks.filter((a) => a.sentAt > killedAt).length;
    await until('vending resumed', 90_000, () => afterKill() >= 80, load.failure).catch((err: Error) => {
      const { acks, ...counts } = tally;
      const seen = { acked: acks.length, afterKill: afterKill(), ...counts, wrong: counts.wrong.slice(0, 5) };
      const logs = servers.map((s) => s.output().slice(-3000)).join('\n---\n');
      throw new Error(`${err.message}; ${JSON.stringify(seen)}\n${logs}`);
    });
    stop = true;
    await load.done;
    if (load.failure()) throw load.failure();

    const { byKey, reused } = await stored(pair.url);
    const duplicates = [...byKey.values()].filter((r) => r.n > 1).length;
    const figures = report(tally, killedAt, byKey.size, duplicates, reused.length);
    expect(tally.wrong).toEqual([]);
    // Every 503 a till saw, from a server or from the load balancer, said "retry" the same way.
    expect(tally.untyped).toBe(0);
    for (const a of tally.acks) {
      expect(byKey.get(a.key)?.n, a.key).toBe(1);
      expect(Number(byKey.get(a.key)?.receipt_id)).toBe(a.receiptId);
    }
    // Nothing stored that no client had acknowledged: a retry with its key made no second vend.
    expect(byKey.size).toBe(tally.acks.length);
    expect(reused).toEqual([]);
    // The primary's death was seen (answers refused as retryable while no node could write).
    expect(figures.retryableAnswers).toBeGreaterThan(0);
    expect(tally.acks.filter((a) => a.attempts > 1).length).toBeGreaterThan(0);
    // Each process saw its primary move once, and now writes to the promoted standby.
    const promoted = (await pair.states()).find((n) => n.name !== primary && /primary/.test(n.reported));
    for (const port of metricsPorts) {
      const text = await scrape(port);
      expect(text).toMatch(/^prepay_db_failovers_total 1$/m);
      expect(text).toContain(`prepay_db_primary{host="127.0.0.1:${promoted?.port}"} 1`);
    }
  });
});

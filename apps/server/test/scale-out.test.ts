import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from '../src/db/client.js';
import { startHaproxy } from './haproxy.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD } from './harness.js';
import { seedVendableMeters } from './ops-fixture.js';
import { postgresDatabase, serverSuite, startServer } from './server-process.js';

const CLIENTS = 8;
const METERS = 16;
const suite = serverSuite('scale');
const { servers, work } = suite;

interface Ack {
  key: string;
  receiptId: number;
  afterKill: boolean;
}

describe('two server processes behind HAProxy on one PostgreSQL', () => {
  it('survive a SIGKILL of one mid-load: every acknowledged vend stored exactly once, no TID reused, the other serves on', async () => {
    const cluster = await postgresDatabase('prepay_scale');
    suite.database = cluster;
    const url = cluster.url;
    const ids = await seedVendableMeters(await openPostgres(url, 2), work, METERS);
    const env = { DATABASE_URL: url, DATA_DIR: work, SEED: 'none' };
    // One API process with the head-end, one API-only (HEADEND=off): both serve the API.
    servers.push(await startServer(env), await startServer({ ...env, HEADEND: 'off' }));
    const ports = servers.map((s) => Number(new URL(s.base).port));
    const balancer = await startHaproxy(ports, work);
    suite.haproxy = balancer;
    const lb = balancer.base;
    const post = async (pathname: string, body: unknown, token?: string) => {
      const res = await fetch(`${lb}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        ...((await res.json().catch(() => ({}))) as {
          code?: number;
          reason?: string;
          result?: { token?: string; receiptId?: number };
        }),
      };
    };

    const acks: Ack[] = [];
    let killed = false;
    let stop = false;
    const client = async (c: number) => {
      const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
      const token = login.result?.token ?? '';
      for (let i = 0; !stop; i++) {
        const key = `scale-${c}-${i}-${randomUUID()}`;
        const body = {
          meterId: ids[(c * 2 + i) % ids.length],
          isPreview: false,
          isVendByTotalPaid: true,
          amount: '10',
          authorizationPassword: ADMIN_AUTH_PASSWORD,
          idempotencyKey: key,
        };
        // A vend whose answer was lost (its process died) is retried with the same key until acknowledged.
        for (let attempt = 0; ; attempt++) {
          const r = await post('/api/token/creditToken/generate', body, token).catch(() => ({
            status: 0,
            code: undefined,
            result: undefined,
            reason: 'connection lost',
          }));
          if (r.status === 200 && r.code === 0) {
            acks.push({ key, receiptId: r.result?.receiptId ?? 0, afterKill: killed });
            break;
          }
          if (r.status === 200 && r.code !== 0) throw new Error(`vend refused: ${r.reason}`);
          if (attempt > 200) throw new Error(`vend never acknowledged: ${r.status} ${r.reason}`);
          await new Promise((res) => setTimeout(res, 50));
        }
      }
    };
    let failure: Error | undefined;
    const clients = Array.from({ length: CLIENTS }, (_, c) =>
      client(c).catch((err: Error) => {
        failure = err;
        stop = true;
      }),
    );
    const waitFor = async (n: number) => {
      while (acks.length < n && !failure) await new Promise((r) => setTimeout(r, 20));
      if (failure) throw failure;
    };
    await waitFor(40);
    const [victim, survivor] = servers;
    await victim?.kill();
    killed = true;
    const atKill = acks.length;
    await waitFor(atKill + 60);
    stop = true;
    await Promise.all(clients);
    if (failure) throw failure;
    expect(acks.filter((a) => a.afterKill).length).toBeGreaterThanOrEqual(60);
    expect(survivor?.child.exitCode).toBe(null);

    const check = await openPostgres(url, 2);
    try {
      const rows = rowsOf<{ key: string; receipt_id: number; n: number }>(
        await check.db.execute(
          sql`select idempotency_key as key, min(receipt_id) as receipt_id, count(*)::int as n from token_records where idempotency_key like 'scale-%' group by 1`,
        ),
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const a of acks) {
        expect(byKey.get(a.key)?.n, a.key).toBe(1);
        expect(Number(byKey.get(a.key)?.receipt_id)).toBe(a.receiptId);
      }
      const reused = rowsOf(
        await check.db.execute(
          sql`select meter_id, tid from token_records where tid is not null group by 1, 2 having count(*) > 1`,
        ),
      );
      expect(reused).toEqual([]);
    } finally {
      await check.close();
    }
  });
});

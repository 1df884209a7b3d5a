import { randomUUID } from 'node:crypto';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD } from './harness.js';

/** One vend the server acknowledged (code 0), with the attempts it took. */
export interface Ack {
  key: string;
  receiptId: number;
  /** When the acknowledged attempt was sent (ms since the epoch). */
  sentAt: number;
  ackedAt: number;
  attempts: number;
}

/** What the vending clients saw, besides their acknowledgements. */
export interface LoadTally {
  acks: Ack[];
  /** 503 with the API's typed envelope (code 503, Retry-After): the database was failing over. */
  retryableApi: number;
  /** 503 from the load balancer itself (every API process was unready at that instant). */
  retryableBalancer: number;
  /** 503 answers without the envelope's code 503 or without Retry-After (a client could not tell). */
  untyped: number;
  /** Anything else that was not an answer: a connection lost. */
  lost: number;
  /** Answers that must never come: a 500, or a refusal of a vend that should go through. */
  wrong: string[];
}

interface Reply {
  status: number;
  retryAfter: string | null;
  answeredBy: string | null;
  code?: number;
  reason?: string;
  result?: { token?: string; receiptId?: number };
}

async function post(base: string, pathname: string, body: unknown, token?: string): Promise<Reply> {
  try {
    const res = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const json = (() => {
      try {
        return JSON.parse(text) as Omit<Reply, 'status' | 'retryAfter'>;
      } catch {
        return {};
      }
    })();
    const retryAfter = res.headers.get('retry-after');
    return { status: res.status, retryAfter, answeredBy: res.headers.get('x-answered-by'), ...json };
  } catch (err) {
    return { status: 0, retryAfter: null, answeredBy: null, reason: (err as Error).message };
  }
}

/**
 * `clients` vending clients through `base`, each vending again and again on its own meters until `stop()`
 * is true. A vend that is not acknowledged (a retryable 503, a lost answer) is sent again with the same
 * idempotency key — what a till does — until acknowledged; each client's key prefix is `prefix`.
 */
export function vendingClients(
  base: string,
  meters: string[],
  opts: { clients: number; prefix: string; stop: () => boolean; giveUpMs: number },
) {
  const tally: LoadTally = {
    acks: [],
    retryableApi: 0,
    retryableBalancer: 0,
    untyped: 0,
    lost: 0,
    wrong: [],
  };
  const vendOnce = async (token: string, meterId: string, key: string) => {
    const body = {
      meterId,
      isPreview: false,
      isVendByTotalPaid: true,
      amount: '10',
      authorizationPassword: ADMIN_AUTH_PASSWORD,
      idempotencyKey: key,
    };
    const first = Date.now();
    for (let attempt = 1; ; attempt++) {
      const sentAt = Date.now();
      const r = await post(base, '/api/token/creditToken/generate', body, token);
      if (r.status === 200 && r.code === 0) {
        tally.acks.push({
          key,
          receiptId: r.result?.receiptId ?? 0,
          sentAt,
          ackedAt: Date.now(),
          attempts: attempt,
        });
        return;
      }
      if (r.status === 503) {
        if (r.answeredBy === 'load-balancer') tally.retryableBalancer++;
        else tally.retryableApi++;
        if (r.code !== 503 || !(Number(r.retryAfter) > 0)) tally.untyped++;
      } else if (r.status === 0) tally.lost++;
      else tally.wrong.push(`${r.status} ${r.code} ${r.reason}`);
      if (Date.now() - first > opts.giveUpMs)
        throw new Error(`vend ${key} never acknowledged: ${r.status} ${r.reason}`);
      // A till waits a little before it sends the same vend again.
      await new Promise((res) => setTimeout(res, 200));
    }
  };
  const client = async (c: number) => {
    const login = await post(base, '/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
    const token = login.result?.token ?? '';
    if (!token) throw new Error(`login failed: ${login.status} ${login.reason}`);
    for (let i = 0; !opts.stop(); i++) {
      await vendOnce(
        token,
        meters[(c + i * opts.clients) % meters.length] ?? '',
        `${opts.prefix}-${c}-${i}-${randomUUID()}`,
      );
    }
  };
  let failure: Error | undefined;
  const done = Promise.all(
    Array.from({ length: opts.clients }, (_, c) =>
      client(c).catch((err: Error) => {
        failure ??= err;
      }),
    ),
  );
  return { tally, done, failure: () => failure };
}

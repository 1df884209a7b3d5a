import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf } from '../db/client.js';
import type { Deps } from '../deps.js';
import { registerFailoverGauges } from './metrics-failover.js';

/**
 * Prometheus metrics (prom-client), one registry per app. Served on the operations listener (METRICS_PORT,
 * loopback by default) and never on the public port: request counts, routes and pool figures are for the
 * operators' Prometheus, not for whoever reaches the console. The same listener serves GET /backup (PGlite).
 *
 * - prepay_http_requests_total / prepay_http_request_duration_seconds: by method, route pattern, status.
 * - prepay_vends_total{outcome}: credit vends answered (ok = a token was issued, refused = a business refusal).
 * - prepay_tokens_total{token, class}: tokens issued by this process, by kind and STS token class.
 * - prepay_remote_tasks{status}: tasks in the database by status (read at scrape time; shared by all processes).
 * - prepay_headend_gateways_online, prepay_headend_gprs_links: this process's head-end links.
 * - prepay_db_pool_connections{state}: the PostgreSQL pool (total, idle, waiting); PGlite is one connection.
 * - prepay_vend_write_statements_total / prepay_vend_writes_total / prepay_vend_write_fallbacks_total: the
 *   group commit's statements, the vends they wrote (their ratio is the mean group) and the statements
 *   refused as a whole and written again vend by vend (modules/vending/vend-write-queue.ts).
 * - prepay_remote_task_claims_total{process}: tasks this process's runner claimed.
 * - failover, replication lag, running tasks and links per process, broker link: lib/metrics-failover.ts.
 * - the process's defaults (CPU, memory, event-loop lag, GC) under prepay_process_… / prepay_nodejs_….
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** STS token class of each token route (credit 0, engineering test 1, management and key change 2). */
const TOKEN_ROUTE = /^\/api\/token\/(\w+)\/(generate|update)$/i;
const tokenClass = (kind: string) => (/^credit/i.test(kind) ? '0' : /^meterTest/i.test(kind) ? '1' : '2');
const TASK_STATUS: Record<number, string> = { 0: 'standby', 1: 'success', 2: 'failure', 3: 'running' };

/** Gauges read at scrape time: the task queue, the head-end's links, the database pool. */
function registerStateGauges(registry: Registry, deps: Deps) {
  new Gauge({
    name: 'prepay_remote_tasks',
    help: 'Remote meter tasks in the database by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await deps.database.db.execute(
        'select status, count(*)::int as n from remote_tasks group by status',
      );
      for (const r of rowsOf<{ status: number; n: number }>(rows))
        this.set({ status: TASK_STATUS[r.status] ?? String(r.status) }, Number(r.n));
    },
  });
  new Gauge({
    name: 'prepay_headend_gateways_online',
    help: 'LoRaWAN gateways this process sees online (0 when it runs no head-end)',
    registers: [registry],
    collect() {
      this.set(deps.headend?.state.gatewaySnapshot().filter((g) => g.online).length ?? 0);
    },
  });
  new Gauge({
    name: 'prepay_headend_gprs_links',
    help: 'GPRS meters and DTUs dialled in to this process',
    registers: [registry],
    collect() {
      this.set(deps.headend?.gprsLinkCount() ?? 0);
    },
  });
  new Gauge({
    name: 'prepay_db_pool_connections',
    help: 'Database connections of this process by state (PostgreSQL pool; PGlite is one in-process connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
}

/** Counters the app's hooks feed: requests and their time, vends and tokens issued. */
function requestCounters(registry: Registry) {
  return {
    requests: new Counter({
      name: 'prepay_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'prepay_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    vends: new Counter({
      name: 'prepay_vends_total',
      help: 'Credit vends answered by this process: ok (token issued) or refused',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    tokens: new Counter({
      name: 'prepay_tokens_total',
      help: 'Tokens issued by this process, by token kind and STS token class',
      labelNames: ['token', 'class'],
      registers: [registry],
    }),
  };
}

function installHooks(app: FastifyInstance, c: ReturnType<typeof requestCounters>) {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    const token = TOKEN_ROUTE.exec(route);
    if (!token?.[1] || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const ok = payload.startsWith('{"code":0,');
    if (/^creditToken$/i.test(token[1])) c.vends.inc({ outcome: ok ? 'ok' : 'refused' });
    if (ok) c.tokens.inc({ token: token[1], class: tokenClass(token[1]) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    c.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    c.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/** GET /backup on the operations listener: PGlite's consistent data folder copy (scripts/backup.mjs). */
function sendBackup(deps: Deps, res: http.ServerResponse) {
  const backup = deps.database.backup;
  if (!backup) {
    res
      .writeHead(404, { 'content-type': 'text/plain' })
      .end('PostgreSQL: back up with pg_dump (scripts/backup.mjs)');
    return;
  }
  backup().then(
    (data) => res.writeHead(200, { 'content-type': 'application/gzip' }).end(data),
    (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`backup failed: ${err.message}`),
  );
}

/** The operations listener (GET /metrics, GET /backup); resolves once it listens, with its port. */
function serveOperations(
  registry: Registry,
  deps: Deps,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = req.url?.split('?')[0];
    if (req.method === 'GET' && url === '/backup') {
      sendBackup(deps, res);
      return;
    }
    if (req.method !== 'GET' || url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: Error) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The group commit of credit vend writes so far (modules/vending/vend-write-queue.ts keeps them). */
export interface VendWriteTotals {
  statements: number;
  vends: number;
  /** Statements that failed as a whole and were written again one vend at a time. */
  fallbacks: number;
}

/** Readings the app wires in from its modules (lib/ imports no module). */
export interface MetricSources {
  vendWrites: () => VendWriteTotals;
  /** Tasks this process's runner claimed, under its process name (none while it runs no runner). */
  taskClaims?: () => { process: string; claimed: number } | undefined;
}

/** Counters read at scrape time from a running total the module keeps. */
function registerTotals(registry: Registry, sources: MetricSources) {
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  total(
    'prepay_vend_write_statements_total',
    'Statements that wrote credit vends: each writes the vends that reached the write together',
    () => sources.vendWrites().statements,
  );
  total(
    'prepay_vend_writes_total',
    'Credit vends written by those statements',
    () => sources.vendWrites().vends,
  );
  new Counter({
    name: 'prepay_remote_task_claims_total',
    help: "Remote tasks this process's runner claimed (each attempt is a claim), by process name",
    labelNames: ['process'],
    registers: [registry],
    collect() {
      this.reset();
      const claims = sources.taskClaims?.();
      if (claims) this.inc({ process: claims.process }, claims.claimed);
    },
  });
  total(
    'prepay_vend_write_fallbacks_total',
    'Vend write statements refused as a whole (a moved expectation) and written again vend by vend',
    () => sources.vendWrites().fallbacks,
  );
}

/**
 * The process's defaults, collected once per process and shown in every app's registry: prom-client starts
 * an event-loop delay monitor and a GC observer for each collection and never stops them, so one per app
 * would leave a timer running and every closed app (its database with it) reachable for the process's life.
 */
let processDefaults: Registry | undefined;
function processMetrics(): Registry {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({ register: processDefaults, prefix: 'prepay_' });
  }
  return processDefaults;
}

export function createMetrics(deps: Deps, sources: MetricSources) {
  const own = new Registry();
  const counters = requestCounters(own);
  registerStateGauges(own, deps);
  registerTotals(own, sources);
  registerFailoverGauges(own, deps);
  const registry = Registry.merge([processMetrics(), own]);
  return {
    registry,
    install: (app: FastifyInstance) => installHooks(app, counters),
    serve: (port: number, host: string) => serveOperations(registry, deps, port, host),
  };
}

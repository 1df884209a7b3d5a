import { Counter, Gauge, type Registry } from 'prom-client';
import { rowsOf } from '../db/client.js';
import type { Deps } from '../deps.js';

/**
 * Metrics of a process that must keep going when a machine dies: where its database primary is and how
 * often it moved, how far each standby trails the primary, which process holds which running tasks, and
 * whether its head-end's broker link is up. Every process serves its own, so a dashboard sums or splits
 * them by instance.
 *
 * - prepay_db_failovers_total: times this process found the primary on another host (multi-host URL).
 * - prepay_db_primary{host}: 1 for the host this process writes to now.
 * - prepay_db_replication_lag_bytes{standby, sync}, prepay_db_replication_lag_seconds{standby}: each
 *   standby's replay distance from the primary (pg_stat_replication; the database user needs pg_monitor).
 * - prepay_remote_task_claims{owner}: Running tasks by the task runner (process) holding their lease.
 * - prepay_headend_links{process, transport}: meters' links held by each live head-end process (the
 *   registry several processes on PostgreSQL share; empty with one process on PGlite).
 * - prepay_headend_broker_connected: 1 while this process's head-end is connected to its MQTT broker.
 */
export function registerFailoverGauges(registry: Registry, deps: Deps): void {
  const stats = () => deps.database.failoverStats?.();
  new Counter({
    name: 'prepay_db_failovers_total',
    help: 'Times this process found the database primary on another host',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stats()?.failovers ?? 0);
    },
  });
  new Gauge({
    name: 'prepay_db_primary',
    help: 'The database host this process writes to now (1), on a multi-host URL',
    labelNames: ['host'],
    registers: [registry],
    collect() {
      this.reset();
      const primary = stats()?.primary;
      if (primary) this.set({ host: primary }, 1);
    },
  });
  registerReplicationLag(registry, deps);
  registerClaims(registry, deps);
  new Gauge({
    name: 'prepay_headend_broker_connected',
    help: "1 while this process's head-end is connected to its MQTT broker (0 when it runs no head-end)",
    registers: [registry],
    collect() {
      this.set(deps.headend?.brokerConnected() ? 1 : 0);
    },
  });
}

/** Reads at scrape time; a database that is away leaves the gauge empty instead of failing the scrape. */
async function readRows<T>(deps: Deps, query: string): Promise<T[]> {
  try {
    return rowsOf<T>(await deps.database.db.execute(query));
  } catch {
    return [];
  }
}

function registerReplicationLag(registry: Registry, deps: Deps) {
  const seconds = new Gauge({
    name: 'prepay_db_replication_lag_seconds',
    help: 'How long ago the primary wrote what each standby has replayed (0 when idle)',
    labelNames: ['standby'],
    registers: [registry],
  });
  new Gauge({
    name: 'prepay_db_replication_lag_bytes',
    help: "WAL bytes between the primary's position and what each standby has replayed",
    labelNames: ['standby', 'sync'],
    registers: [registry],
    async collect() {
      this.reset();
      seconds.reset();
      if (deps.database.kind !== 'postgres') return;
      const rows = await readRows<{
        standby: string;
        sync: string;
        bytes: string | null;
        secs: number | null;
      }>(
        deps,
        `select application_name as standby, sync_state as sync,
                pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text as bytes,
                coalesce(extract(epoch from replay_lag), 0)::float8 as secs
           from pg_stat_replication`,
      );
      for (const r of rows) {
        this.set({ standby: r.standby, sync: r.sync }, Number(r.bytes ?? 0));
        seconds.set({ standby: r.standby }, Number(r.secs ?? 0));
      }
    },
  });
}

function registerClaims(registry: Registry, deps: Deps) {
  new Gauge({
    name: 'prepay_remote_task_claims',
    help: 'Running remote tasks by the task runner (host:pid:id) holding their lease',
    labelNames: ['owner'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ owner: string; n: number }>(
        deps,
        'select lease_owner as owner, count(*)::int as n from remote_tasks where status = 3 and lease_owner is not null group by 1',
      );
      for (const r of rows) this.set({ owner: r.owner }, Number(r.n));
    },
  });
  new Gauge({
    name: 'prepay_headend_links',
    help: "Meters' links held by each live head-end process, by transport",
    labelNames: ['process', 'transport'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await readRows<{ process: string; transport: string; n: number }>(
        deps,
        `select l.process_id as process, l.transport, count(*)::int as n
           from headend_links l join headend_processes p on p.process_id = l.process_id
          where p.lease_until > now() group by 1, 2`,
      );
      for (const r of rows) this.set({ process: r.process, transport: r.transport }, Number(r.n));
    },
  });
}

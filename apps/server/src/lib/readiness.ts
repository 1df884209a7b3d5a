import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/client.js';
import type { Deps } from '../deps.js';

const journal = path.join(import.meta.dirname, '../db/migrations/meta/_journal.json');

/** How many migrations this build knows (drizzle's journal). */
function knownMigrations(): number {
  const parsed: unknown = JSON.parse(readFileSync(journal, 'utf8'));
  const entries = parsed && typeof parsed === 'object' && 'entries' in parsed ? parsed.entries : [];
  return Array.isArray(entries) ? entries.length : 0;
}

/**
 * GET /readyz — may this process take traffic? (A load balancer's check; /healthz stays "alive".)
 * Ready when the database answers (on a multi-host URL: a writable primary does), every migration this
 * build knows is applied, the head-end runs when this process is meant to run one and its link to the
 * MQTT broker is up. 200 or 503, with each check. (While a process shuts down Fastify
 * answers every request, this one included, with 503, so the load balancer drains it first.)
 */
export function installReadiness(app: FastifyInstance, deps: Deps, wantsHeadend: boolean): void {
  const known = knownMigrations();
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    try {
      const rows = rowsOf<{ n: number }>(
        await deps.database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations'),
      );
      const applied = Number(rows[0]?.n ?? 0);
      checks.database = 'ok';
      checks.migrations = applied >= known ? 'ok' : `${applied} of ${known} applied`;
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`;
    }
    checks.headend = headendCheck(deps, wantsHeadend);
    const ready = Object.values(checks).every((v) => v === 'ok' || v === 'not run by this process');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}

function headendCheck(deps: Deps, wantsHeadend: boolean): string {
  if (!wantsHeadend) return 'not run by this process';
  if (!deps.headend) return 'not started';
  return deps.headend.brokerConnected() ? 'ok' : 'MQTT broker unreachable';
}

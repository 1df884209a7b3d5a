import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gateways, meterLinks } from '../db/schema.js';
import type { LinkState } from './link-state.js';
import type { Log } from './types.js';

/** Rows per statement; PGlite runs on the event loop, so big batches go in small pieces with a yield between. */
const CHUNK = 200;

/**
 * Copies the head-end's live state to the database in batches, so pages and other processes read it:
 * changed meter links every flush, lastSeen-only changes every `touchEvery` flushes, and the gateways
 * whose status, rate or last seen moved.
 */
export function createStateWriter(
  db: Db,
  state: LinkState,
  log: Log,
  opts: { intervalMs: number; touchEvery?: number },
) {
  const written = new Map<string, string>();
  let flushes = 0;
  let running: Promise<void> | undefined;

  async function flushNow(includeTouched = false) {
    flushes++;
    const touch = includeTouched || flushes % (opts.touchEvery ?? 10) === 0;
    const { gateways: gws, meters } = state.takeDirty(touch);
    for (const g of gws) {
      const lastSeen = g.lastSeen?.toISOString() ?? '';
      const key = `${g.online}|${g.successRateBp}|${touch ? lastSeen : (written.get(g.gatewayId)?.split('|')[2] ?? '')}`;
      if (written.get(g.gatewayId) === key) continue;
      await db
        .update(gateways)
        .set({ status: g.online, successRateBp: g.successRateBp, lastSeen: g.lastSeen ?? null })
        .where(eq(gateways.gatewayId, g.gatewayId));
      written.set(g.gatewayId, `${g.online}|${g.successRateBp}|${lastSeen}`);
    }
    for (let i = 0; i < meters.length; i += CHUNK) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      const rows = meters.slice(i, i + CHUNK).map((m) => ({
        meterId: m.meterId,
        online: m.online,
        transport: m.transport ?? null,
        gatewayId: m.gatewayId ?? null,
        lastSeen: m.lastSeen ?? null,
        updateDate: new Date(),
      }));
      await db
        .insert(meterLinks)
        .values(rows)
        .onConflictDoUpdate({
          target: meterLinks.meterId,
          set: {
            online: sql`excluded.online`,
            transport: sql`excluded.transport`,
            gatewayId: sql`excluded.gateway_id`,
            lastSeen: sql`excluded.last_seen`,
            updateDate: sql`excluded.update_date`,
          },
        });
    }
  }

  function flush(includeTouched = false): Promise<void> {
    const run = (running ?? Promise.resolve()).then(() =>
      flushNow(includeTouched).catch((err) =>
        log.error(
          { err: String((err as Error).cause ?? (err as Error).message).slice(0, 500) },
          'head-end: state write failed',
        ),
      ),
    );
    running = run;
    return run;
  }

  const timer = setInterval(() => void flush(), opts.intervalMs);
  timer.unref();
  return {
    flush,
    async close() {
      clearInterval(timer);
      await flush(true);
    },
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { LinkState } from './link-state.js';
import type { Log } from './types.js';

/** Rows per statement; PGlite runs on the event loop, so big batches go in pieces with a yield between. */
const CHUNK = 200;

/**
 * Copies the head-end's live state to the database in batches, so pages and other processes read it:
 * changed meter links every flush, lastSeen-only changes every `touchEvery` flushes, and the gateways
 * whose status, rate or last seen moved.
 */
/** A meter heard again ends its "offline" alarm: the alarm list must not contradict the meter list. */
async function clearOfflineAlarms(db: Db, heard: string[], now: string): Promise<void> {
  if (!heard.length) return;
  await db.execute(sql`
    update alarms set acknowledged = true, ack_id = 'system', ack_date = ${now}::timestamptz,
      ack_remark = 'meter heard again'
    where acknowledged = false and kind = 'offline'
      and meter_id in (select jsonb_array_elements_text(${JSON.stringify(heard)}::jsonb))`);
}

/** One statement, the rows as one JSON parameter; a meter deleted meanwhile is skipped. */
const linkRows = (rows: string) => sql`
  select v.id, v.online, v.transport, v.gateway, v.seen::timestamptz
  from jsonb_to_recordset(${rows}::jsonb) as v(id text, online boolean, transport text, gateway text, seen text)
  where exists (select 1 from meters m where m.meter_id = v.id)`;

/** The only head-end writing the links: its rows are the truth. */
const soleUpsert = (rows: string, now: string) => sql`
  insert into meter_links (meter_id, online, transport, gateway_id, last_seen, update_date)
  select v.id, v.online, v.transport, v.gateway, v.seen::timestamptz, ${now}::timestamptz
  from jsonb_to_recordset(${rows}::jsonb) as v(id text, online boolean, transport text, gateway text, seen text)
  where exists (select 1 from meters m where m.meter_id = v.id)
  on conflict (meter_id) do update set online = excluded.online, transport = excluded.transport,
    gateway_id = excluded.gateway_id, last_seen = excluded.last_seen, update_date = excluded.update_date`;

/**
 * Several processes hear a meter in turn: a row heard later elsewhere is not overwritten by an older one,
 * and the database's clock stamps the write, so the others can read what changed since they last looked.
 */
const sharedUpsert = (rows: string) => sql`
  insert into meter_links (meter_id, online, transport, gateway_id, last_seen, update_date)
  select l.*, now() from (${linkRows(rows)}) l
  on conflict (meter_id) do update set online = excluded.online, transport = excluded.transport,
    gateway_id = excluded.gateway_id, last_seen = excluded.last_seen, update_date = excluded.update_date
  where meter_links.last_seen is null or excluded.last_seen is null
    or excluded.last_seen >= meter_links.last_seen`;

export function createStateWriter(
  db: Db,
  state: LinkState,
  log: Log,
  opts: { intervalMs: number; touchEvery?: number; shared?: boolean },
) {
  const upsert = opts.shared ? sharedUpsert : soleUpsert;
  const written = new Map<string, string>();
  let flushes = 0;
  let running: Promise<void> | undefined;

  async function flushNow(includeTouched = false) {
    flushes++;
    const touch = includeTouched || flushes % (opts.touchEvery ?? 10) === 0;
    const { gateways: gws, meters } = state.takeDirty(touch);
    const changed: { id: string; status: boolean; rate: number; last_seen: string | null }[] = [];
    for (const g of gws) {
      const lastSeen = g.lastSeen?.toISOString() ?? '';
      const key = `${g.online}|${g.successRateBp}|${touch ? lastSeen : (written.get(g.gatewayId)?.split('|')[2] ?? '')}`;
      if (written.get(g.gatewayId) === key) continue;
      changed.push({ id: g.gatewayId, status: g.online, rate: g.successRateBp, last_seen: lastSeen || null });
      written.set(g.gatewayId, `${g.online}|${g.successRateBp}|${lastSeen}`);
    }
    if (changed.length) {
      await db.execute(sql`
        update gateways g set status = v.status, success_rate_bp = v.rate, last_seen = v.last_seen::timestamptz
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
          as v(id text, status boolean, rate int, last_seen text)
        where g.gateway_id = v.id`);
    }
    const now = new Date().toISOString();
    for (let i = 0; i < meters.length; i += CHUNK) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      const rows = meters.slice(i, i + CHUNK).map((m) => ({
        id: m.meterId,
        online: m.online,
        transport: m.transport ?? null,
        gateway: m.gatewayId ?? null,
        seen: m.lastSeen?.toISOString() ?? null,
      }));
      await db.execute(upsert(JSON.stringify(rows), now));
      await clearOfflineAlarms(
        db,
        rows.filter((r) => r.online).map((r) => r.id),
        now,
      );
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

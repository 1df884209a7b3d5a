import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import type { LinkState } from './link-state.js';
import type { Log } from './types.js';

interface HeardRow {
  meter_id: string;
  online: boolean;
  gateway_id: string | null;
  last_seen: string | Date;
}

/**
 * Rows written since `since` (database time) less a margin for writes still committing then, or every
 * LoRaWAN row on the first read; with the database's clock to start from next time.
 */
async function readHeard(db: Db, since: string | undefined): Promise<{ rows: HeardRow[]; at: string }> {
  const [clock] = rowsOf<{ at: string | Date }>(await db.execute(sql`select now() as at`));
  const res = await db.execute(sql`
    select meter_id, online, gateway_id, last_seen from meter_links
    where transport = 'lorawan' and last_seen is not null
      and (${since ?? null}::timestamptz is null
        or update_date > ${since ?? null}::timestamptz - interval '5 seconds')`);
  return { rows: rowsOf<HeardRow>(res), at: new Date(clock?.at ?? Date.now()).toISOString() };
}

/**
 * With a shared subscription each process hears part of a LoRaWAN meter's uplinks: what the others heard
 * (written by their state writers) is read back every `intervalMs`, so a meter heard anywhere is live
 * everywhere and one silent everywhere goes offline everywhere.
 */
export function startSharedLiveness(db: Db, state: LinkState, log: Log, opts: { intervalMs: number }) {
  let since: string | undefined;
  let running: Promise<void> = Promise.resolve();
  const sync = () => {
    running = running.then(async () => {
      try {
        const { rows, at } = await readHeard(db, since);
        for (const r of rows) {
          state.meterHeardElsewhere(r.meter_id, 'lorawan', {
            online: r.online,
            gatewayId: r.gateway_id ?? undefined,
            lastSeen: new Date(r.last_seen),
          });
        }
        since = at;
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'head-end: reading shared liveness failed');
      }
    });
    return running;
  };
  const timer = setInterval(() => void sync(), opts.intervalMs);
  timer.unref();
  void sync();
  return {
    sync,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
